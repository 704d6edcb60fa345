import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { CodeStore } from './code-store';

type Props = {
  idPrefix: string;
  stores: readonly CodeStore[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** Stores that cannot be chosen, each with why (shown beside it). */
  blocked?: ReadonlyMap<number, string>;
  disabled?: boolean;
};

/** One checkbox per store, by name with its country code; a blocked store says why it cannot be chosen. */
export function StoreCheckboxes({ idPrefix, stores, value, onChange, blocked, disabled }: Props) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {stores.map((store) => {
        const why = blocked?.get(store.id);
        const id = `${idPrefix}-${store.id}`;
        return (
          <Label key={store.id} htmlFor={id} className="items-start font-normal">
            <Checkbox
              id={id}
              checked={why === undefined && value.includes(store.id)}
              disabled={disabled || why !== undefined}
              onCheckedChange={(checked) =>
                onChange(checked ? [...value, store.id] : value.filter((storeId) => storeId !== store.id))
              }
            />
            <span className="min-w-0 break-words">
              {store.name}
              {store.countryCode ? <span className="text-muted-foreground"> ({store.countryCode})</span> : null}
              {why ? <span className="block text-xs text-destructive">{why}</span> : null}
            </span>
          </Label>
        );
      })}
    </div>
  );
}
