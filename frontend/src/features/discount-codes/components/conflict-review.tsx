import type { CheckCodesAnswer } from '@dm/events/http';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { listed, plural, storeLabel } from '../utils/format';
import type { CodeStore } from './code-store';
import { StoreCheckboxes } from './store-checkboxes';

type Props = {
  answer: CheckCodesAnswer;
  /** The codes as checked, in the order typed. */
  codes: readonly string[];
  /** The stores that were checked. */
  stores: readonly CodeStore[];
  pending: boolean;
  /** Adds `codes` to `storeIds`; `skipped` are the taken codes left out. */
  onAdd: (codes: string[], storeIds: number[], skipped: string[]) => void;
  onBack: () => void;
};

/** Who holds a taken code, in words: our discount by name, or a code made in Shopify itself. */
export const holderText = (takenBy: string) =>
  takenBy === 'exists in Shopify'
    ? 'made in Shopify, outside Discount Manager'
    : takenBy === 'another discount'
      ? 'used by another discount'
      : `used by the discount “${takenBy}”`;

/**
 * Spec 001 §2.4, inside the add dialog (one dialog at a time, issue 25): each taken code with the store and the
 * discount holding it. The way on is to add the free codes and skip the taken ones; adding every code to the
 * stores where none is taken (the spec's 'Add to Selected Stores') stays below it when such stores exist.
 */
export function ConflictReview({ answer, codes, stores, pending, onAdd, onBack }: Props) {
  const conflictsOf = new Map(answer.conflicts.map((c) => [c.code.toLowerCase(), c.conflicts]));
  const taken = codes.filter((code) => conflictsOf.has(code.toLowerCase()));
  const freeCodes = codes.filter((code) => !conflictsOf.has(code.toLowerCase()));
  const blocked = new Map<number, string>();
  for (const { code, conflicts } of answer.conflicts)
    for (const c of conflicts) if (!blocked.has(c.storeId)) blocked.set(c.storeId, `${code} is taken here`);
  const freeStores = stores.filter((s) => !blocked.has(s.id)).map((s) => s.id);
  const [chosen, setChosen] = useState<number[]>(freeStores);
  const selected = chosen.filter((id) => !blocked.has(id));
  const allStores = stores.map((s) => s.id);

  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm">
        {plural(taken.length, 'code')} of {codes.length} {taken.length === 1 ? 'is' : 'are'} already taken.{' '}
        {freeCodes.length > 0
          ? `${plural(freeCodes.length, 'code')} ${freeCodes.length === 1 ? 'is' : 'are'} free in ${listed(stores.map(storeLabel))}.`
          : 'Change the codes to add any.'}
      </p>
      <ul aria-label="Codes" className="grid gap-2 text-sm">
        {codes.map((code) => {
          const conflicts = conflictsOf.get(code.toLowerCase()) ?? [];
          return (
            <li key={code} aria-label={code} className="grid gap-0.5 rounded-md border px-3 py-2">
              <code className="font-medium break-all">{code}</code>
              {conflicts.length === 0 ? (
                <span className="text-green-700">Free in every checked store</span>
              ) : (
                conflicts.map((c) => (
                  <span key={c.storeId} className="break-words text-destructive">
                    Taken in {c.storeName}: {holderText(c.takenBy)}
                  </span>
                ))
              )}
            </li>
          );
        })}
      </ul>
      {freeStores.length > 0 ? (
        <fieldset className="grid gap-2 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">
            {freeCodes.length > 0
              ? 'Or add every code to the stores where none is taken'
              : 'Add every code to the stores where none is taken'}
          </legend>
          <StoreCheckboxes
            idPrefix="conflict-store"
            stores={stores}
            value={selected}
            onChange={setChosen}
            blocked={blocked}
            disabled={pending}
          />
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            disabled={pending}
            onClick={() =>
              selected.length === 0
                ? toast({
                    title: 'No stores selected',
                    description: 'Choose a store where no code is taken.',
                    variant: 'destructive',
                  })
                : onAdd([...codes], selected, [])
            }
          >
            Add to Selected Stores ({selected.length})
          </Button>
        </fieldset>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
          Change Codes
        </Button>
        {freeCodes.length > 0 ? (
          <Button type="button" disabled={pending} onClick={() => onAdd(freeCodes, allStores, taken)}>
            {pending ? 'Adding...' : `Add ${plural(freeCodes.length, 'free code')}, skip ${taken.length} taken`}
          </Button>
        ) : null}
      </DialogFooter>
    </div>
  );
}
