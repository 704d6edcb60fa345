import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { CodeStore } from '../utils/code-stores';

type Props = {
  idPrefix: string;
  stores: readonly CodeStore[];
  chosen: ReadonlySet<number>;
  onChange: (chosen: Set<number>) => void;
  error?: string | undefined;
};

/** The stores codes go to: every store the discount takes codes in, all chosen at first. */
export function StoreChoice({ idPrefix, stores, chosen, onChange, error }: Props) {
  const errorId = `${idPrefix}-stores-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Stores</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {stores.map((store) => (
          <Label key={store.id} className="font-normal">
            <Checkbox
              checked={chosen.has(store.id)}
              onCheckedChange={(checked) => {
                const next = new Set(chosen);
                if (checked === true) next.add(store.id);
                else next.delete(store.id);
                onChange(next);
              }}
            />
            {store.name}
          </Label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
