import type { DiscountCode } from '@dm/events/http';
import type { QueryKey } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useDeleteCode } from '../api/delete-code';

type Props = { discountId: string; code: DiscountCode; alsoChanged: readonly QueryKey[] };

/** Managers and above: a code leaves every store after a confirmation. */
export function DeleteCodeButton({ discountId, code, alsoChanged }: Props) {
  const remove = useDeleteCode(alsoChanged);
  const removing = code.deleted || remove.isPending;
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive"
          disabled={removing}
          aria-label={`Delete ${code.code}`}
        >
          <Trash2 />
        </Button>
      }
      title={`Delete ${code.code}?`}
      description="It is removed from every store in Shopify and stops working there. This cannot be undone."
      confirmLabel="Delete"
      onConfirm={() => remove.mutate({ discountId, codeId: code.id, code: code.code })}
    />
  );
}
