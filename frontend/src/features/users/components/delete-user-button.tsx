import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useDeleteUser } from '../api/delete-user';

/** Confirmation before delete, with the spec's exact text (§2.5). */
export function DeleteUserButton({ userId, name }: { userId: string; name: string }) {
  const remove = useDeleteUser();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} disabled={remove.isPending}>
          <Trash2 className="text-destructive" />
        </Button>
      }
      title="Delete User"
      description={`Are you sure you want to delete ${name}? This action cannot be undone. The user will lose all access to the system.`}
      confirmLabel="Delete"
      onConfirm={() => remove.mutate({ userId, name })}
    />
  );
}
