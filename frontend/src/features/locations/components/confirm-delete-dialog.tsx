import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

/** Why the server would refuse the delete now, and what to do first. */
export type DeleteBlock = { reason: string; fix: string };

/**
 * Confirmation before a delete. A delete the server would refuse (the place is not empty) is not offered:
 * Delete is disabled and the dialog says why and what to do first, instead of failing with a 409.
 */
export function ConfirmDeleteDialog({
  label,
  blockedBy,
  onConfirm,
  pending,
}: {
  label: string;
  blockedBy?: DeleteBlock | undefined;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${label}`} disabled={pending}>
          <Trash2 />
        </Button>
      }
      title={`Delete ${label}?`}
      description={
        blockedBy
          ? `${label} cannot be deleted yet.`
          : `Are you sure you want to delete ${label}? This action cannot be undone.`
      }
      confirmLabel="Delete"
      confirmDisabled={blockedBy !== undefined}
      onConfirm={onConfirm}
    >
      {blockedBy ? (
        <div
          data-testid="delete-blocked"
          className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-medium">{blockedBy.reason}</p>
          <p>{blockedBy.fix}</p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
