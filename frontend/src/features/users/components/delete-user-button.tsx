import { UserX } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { listOf } from '@/lib/glossary';
import { useDeleteUser } from '../api/delete-user';

/**
 * Removes the person, not one brand's access: the question says so, names the brands they lose, and where to take
 * away a single brand instead (Edit Role).
 */
export function DeleteUserButton({ userId, name, brands }: { userId: string; name: string; brands: string[] }) {
  const remove = useDeleteUser();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} disabled={remove.isPending}>
          <UserX className="text-destructive" />
        </Button>
      }
      title={`Remove ${name}?`}
      description={`${name} loses all access to Discount Manager, for every brand (${listOf(brands)}). This cannot be undone; they can be added again later. To take away one brand only, use Edit Role instead.`}
      confirmLabel="Remove person"
      onConfirm={() => remove.mutate({ userId, name })}
    />
  );
}
