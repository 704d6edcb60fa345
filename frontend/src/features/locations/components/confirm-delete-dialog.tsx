import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

/**
 * Confirmation before a delete. The spec's warning (the thing is not empty) is shown but does not block:
 * the server has the final word and answers 409 with the same sentence.
 */
export function ConfirmDeleteDialog({
  label,
  warning,
  onConfirm,
  pending,
}: {
  label: string;
  warning?: string | undefined;
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
      description={`Are you sure you want to delete ${label}? This action cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={onConfirm}
    >
      {warning ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {warning}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
