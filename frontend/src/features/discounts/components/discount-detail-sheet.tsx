import { discountIdParamsSchema } from '@dm/events/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuditSlots } from '@/components/audit-slots';
import { ApiError } from '@/lib/api-client';
import { lazy, Suspense } from 'react';
import { useEndDiscount } from '../api/end-discount';
import { useDiscount } from '../api/get-discount';
import { previewBodyOf } from '../utils/preview-body';
import { DiscountSummary } from './discount-summary';
import { StoreDeployments } from './store-deployments';

type Props = { id: string; canManage: boolean; onClose: () => void };

// Admins only (the preview is an admin route), and only when opened: its own chunk.
const DiscountPreview = lazy(() => import('./preview/discount-preview'));

/**
 * A discount opened from its row (`/discounts?details=…`): what it does and where it is live, store by store, asked
 * again every 2 s while a store is pending. Admins retry a failed store and end the discount early.
 */
export default function DiscountDetailSheet({ id, canManage, onClose }: Props) {
  const discount = useDiscount(id);
  const end = useEndDiscount();
  // History and As of (issue 16) come from the audit feature, through the app's slots.
  const { DiscountHistory, DiscountAsOf } = useAuditSlots();
  const d = discount.data;
  // A link to a discount that does not exist (or is no discount id) says so once, with the way back (issue 25).
  const notFound =
    !discountIdParamsSchema.safeParse({ id }).success ||
    (discount.error instanceof ApiError && (discount.error.status === 404 || discount.error.status === 400));
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="w-full gap-0 overflow-y-auto sm:max-w-xl">
        <SheetHeader className="border-b pr-10">
          <SheetTitle className="break-words text-lg">
            {notFound ? 'Discount not found' : (d?.name ?? 'Discount')}
          </SheetTitle>
          <SheetDescription>
            {notFound
              ? 'There is no such discount among your brands’ discounts. The link may be mistyped, or belong to another brand.'
              : d
                ? d.description || 'No description'
                : 'Loading the discount'}
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-6 p-4">
          {notFound ? (
            <Button className="justify-self-start" onClick={onClose}>
              Back to Discounts
            </Button>
          ) : discount.isPending ? (
            <ListSkeleton label="Loading the discount" rows={4} rowClassName="h-10" />
          ) : discount.isError ? (
            <LoadError title="Failed to fetch the discount" query={discount} />
          ) : (
            <Tabs defaultValue="details">
              <TabsList>
                <TabsTrigger value="details">Details</TabsTrigger>
                {DiscountHistory ? <TabsTrigger value="history">History</TabsTrigger> : null}
                {DiscountAsOf ? <TabsTrigger value="as-of">As of</TabsTrigger> : null}
                {canManage ? <TabsTrigger value="preview">Preview</TabsTrigger> : null}
              </TabsList>
              {canManage ? (
                <TabsContent value="preview">
                  <Suspense fallback={<ListSkeleton label="Loading the preview" rows={2} rowClassName="h-40" />}>
                    <DiscountPreview body={previewBodyOf(discount.data)} excluding={id} />
                  </Suspense>
                </TabsContent>
              ) : null}
              <TabsContent value="details" className="grid gap-6">
                <DiscountSummary discount={discount.data} />
                <StoreDeployments discount={discount.data} canRetry={canManage} />
                {canManage && discount.data.status !== 'ended' ? (
                  <div>
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" className="text-destructive" disabled={end.isPending}>
                          End discount
                        </Button>
                      }
                      title={`End ${discount.data.name}?`}
                      description="It stops working in every store now: each store's copy is deactivated. This cannot be undone."
                      confirmLabel="End discount"
                      onConfirm={() => end.mutate({ discountId: id, name: discount.data.name })}
                    />
                  </div>
                ) : null}
              </TabsContent>
              <TabsContent value="history">
                {DiscountHistory ? (
                  <DiscountHistory
                    discountId={id}
                    stores={new Map(discount.data.deployments.map((d) => [d.storeId, d.storeName]))}
                  />
                ) : null}
              </TabsContent>
              <TabsContent value="as-of">{DiscountAsOf ? <DiscountAsOf discountId={id} /> : null}</TabsContent>
            </Tabs>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
