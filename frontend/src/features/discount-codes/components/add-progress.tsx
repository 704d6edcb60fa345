import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { progressOf, type StoreProgress, useCodesProgress } from '../api/get-codes-progress';
import { listed, plural, storeLabel } from '../utils/format';
import type { Added } from './add-codes-dialog';
import { StoreProgressList } from './store-progress';

const syncing: StoreProgress = { state: 'syncing' };

/** Spec 001 §9: the dialog closes this long after the codes are live everywhere. */
export const CLOSE_AFTER_SUCCESS_MS = 1000;

type Props = { discountId: string; added: Added; onDone: () => void; onAddMore: () => void };

/** After the add: each store 'Syncing...' until the codes are live there, read from the codes list. */
export function AddProgress({ discountId, added, onDone, onAddMore }: Props) {
  const { answer, stores } = added;
  const codeIds = answer.data.addedCodes.map((c) => c.id);
  const progress = useCodesProgress(
    discountId,
    answer.savedLocally ? [] : codeIds,
    stores.map((s) => s.id),
  );
  const rows = stores.map((store) => ({
    store,
    progress: progress.data ? progressOf(progress.data, codeIds, store.id) : syncing,
  }));
  const failed = rows.filter((r) => r.progress.state === 'failed');
  const settled = rows.every((r) => r.progress.state !== 'syncing');
  const succeeded = answer.savedLocally || (settled && failed.length === 0);

  useEffect(() => {
    if (!answer.savedLocally && settled)
      toast(
        failed.length === 0
          ? {
              title: 'Codes created and synced to Shopify',
              description: `${plural(answer.codesAdded, 'code')} live in ${listed(stores.map(storeLabel))}`,
            }
          : {
              title: 'Failed to create codes',
              description: failed
                .map((r) => `${storeLabel(r.store)}: ${r.progress.state === 'failed' ? r.progress.reason : ''}`)
                .join('; '),
              variant: 'destructive',
            },
      );
    // Only when the outcome is first known.
  }, [settled]);

  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => done.current(), CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {answer.savedLocally
          ? `${plural(answer.codesAdded, 'code')} saved. The discount is not deployed yet: they go to the stores once it is.`
          : `${plural(answer.codesAdded, 'code')} added${answer.duplicatesSkipped > 0 ? ` (${plural(answer.duplicatesSkipped, 'duplicate')} skipped)` : ''}: ${answer.data.addedCodes
              .slice(0, 5)
              .map((c) => c.code)
              .join(', ')}${answer.codesAdded > 5 ? ', …' : ''}`}
      </p>
      {answer.savedLocally ? null : <StoreProgressList rows={rows} />}
      {progress.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The codes were added, but their state in the stores could not be read. They keep syncing; check the codes list
          later.
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onAddMore}>
          Add More Codes
        </Button>
        <Button type="button" onClick={onDone}>
          {settled ? 'Done' : 'Close (keeps syncing)'}
        </Button>
      </DialogFooter>
    </div>
  );
}
