import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { ListSkeleton, LoadError } from '@/components/load-state';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDiscountCodes } from '../api/get-discount-codes';
import { AddCodesDialog } from './add-codes-dialog';
import { CodeEntries } from './code-entries';
import { CodesPagination } from './codes-pagination';
import { NotDeployedBanner } from './not-deployed-banner';

type Props = {
  discountId: string;
  /** Undefined while the discount loads. */
  discount: { name: string; seedCode: string; endedAt: string | null } | undefined;
  /** Managers and above (the policy table). */
  canDelete: boolean;
  /** The discount lists (they show each discount's count), asked again after an add or a delete. */
  alsoChanged: readonly QueryKey[];
  onClose: () => void;
};

/** Spec 001 §2.2: a discount's codes from the list page (`/discounts?id=…`), 50 a page, and adding more. */
export default function CodesDialog({ discountId, discount, canDelete, alsoChanged, onClose }: Props) {
  const [page, setPage] = useState(1);
  const codes = useDiscountCodes(discountId, { page, search: '' });
  const answer = codes.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-2xl">
        <DialogHeader className="pr-6">
          <DialogTitle className="break-words leading-snug">
            {discount?.name ?? 'Discount'} codes{answer ? ` (${answer.total.toLocaleString('en')})` : ''}
          </DialogTitle>
          <DialogDescription>
            {discount
              ? `The first code, ${discount.seedCode}, was made with the discount in each of its stores.`
              : 'Loading the discount.'}
          </DialogDescription>
        </DialogHeader>
        {(answer && answer.availableStores.length === 0) || discount?.endedAt ? (
          <NotDeployedBanner endedAt={discount?.endedAt} />
        ) : null}
        <div className="min-h-0 flex-1 overflow-y-auto">
          {codes.isPending ? (
            <ListSkeleton label="Loading codes" rows={4} rowClassName="h-16" />
          ) : codes.isError ? (
            <LoadError title="Failed to fetch codes" query={codes} />
          ) : codes.data.data.length === 0 ? (
            <p className="p-6 text-center text-muted-foreground">No codes yet.</p>
          ) : (
            <CodeEntries
              discountId={discountId}
              codes={codes.data.data}
              stores={codes.data.availableStores}
              canDelete={canDelete}
              alsoChanged={alsoChanged}
            />
          )}
        </div>
        {answer ? (
          <CodesPagination page={page} totalPages={answer.totalPages} total={answer.total} onPage={setPage} />
        ) : null}
        <DialogFooter>
          <AddCodesDialog
            discountId={discountId}
            stores={answer?.availableStores}
            alsoChanged={alsoChanged}
            ended={Boolean(discount?.endedAt)}
          />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
