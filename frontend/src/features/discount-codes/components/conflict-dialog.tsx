import type { CheckCodesAnswer } from '@dm/events/http';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import type { CodeStore } from './code-store';
import { StoreCheckboxes } from './store-checkboxes';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  answer: CheckCodesAnswer;
  /** The stores that were checked. */
  stores: readonly CodeStore[];
  pending: boolean;
  onAdd: (storeIds: number[]) => void;
};

/**
 * Spec 001 §2.4: where each code already exists, and the stores without a conflict to add every code to (the
 * others disabled, saying which code holds them).
 */
export function ConflictDialog({ open, onOpenChange, answer, stores, pending, onAdd }: Props) {
  const blocked = new Map<number, string>();
  for (const { code, conflicts } of answer.conflicts)
    for (const c of conflicts) if (!blocked.has(c.storeId)) blocked.set(c.storeId, `${code} exists here`);
  const free = stores.filter((s) => !blocked.has(s.id)).map((s) => s.id);
  const [chosen, setChosen] = useState<number[]>(free);
  const conflictsOf = new Map(answer.conflicts.map((c) => [c.code.toLowerCase(), c.conflicts]));
  const codes = answer.results[0]?.codes.map((c) => c.code) ?? answer.conflicts.map((c) => c.code);
  const selected = chosen.filter((id) => !blocked.has(id));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Code Conflicts Detected</DialogTitle>
          <DialogDescription>
            Some codes already exist in some stores. Add every code to the stores without a conflict.
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Codes" className="grid gap-2 text-sm">
          {codes.map((code) => {
            const conflicts = conflictsOf.get(code.toLowerCase()) ?? [];
            return (
              <li key={code} className="grid gap-0.5 rounded-md border px-3 py-2">
                <code className="break-all font-medium">{code}</code>
                {conflicts.length === 0 ? (
                  <span className="text-green-700">Available on all stores</span>
                ) : (
                  conflicts.map((c) => (
                    <span key={c.storeId} className="break-words text-destructive">
                      Exists in {c.storeName}: {c.takenBy}
                    </span>
                  ))
                )}
              </li>
            );
          })}
        </ul>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Add to stores</legend>
          <StoreCheckboxes
            idPrefix="conflict-store"
            stores={stores}
            value={selected}
            onChange={setChosen}
            blocked={blocked}
            disabled={pending}
          />
          {free.length === 0 ? (
            <p className="text-sm text-muted-foreground">Every checked store has a conflict: change the codes.</p>
          ) : null}
        </fieldset>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={pending || free.length === 0}
            onClick={() =>
              selected.length === 0
                ? toast({
                    title: 'No stores selected',
                    description: 'Choose a store without a conflict.',
                    variant: 'destructive',
                  })
                : onAdd(selected)
            }
          >
            Add to Selected Stores ({selected.length})
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
