import type { CreateDiscountBody } from '@dm/events/http';
import { AlertTriangle } from 'lucide-react';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { usePreviewDiscount } from '../../api/preview-discount';
import { StorePreviewCard } from './store-preview';

type Props = {
  body: CreateDiscountBody;
  /** The id of an existing discount previewed again. */
  excluding?: string;
  /** Leaves a store out (the wizard's store choice); absent where the discount exists already. */
  onDropStore?: (storeId: number, previewed: readonly number[]) => void;
};

/** Issue 24: per store, before Confirm, what it lacks, what its customers would pay, and what to watch out for. */
export default function DiscountPreview({ body, excluding, onDropStore }: Props) {
  const preview = usePreviewDiscount(body, excluding);
  if (preview.isPending) return <ListSkeleton label="Loading the preview" rows={2} rowClassName="h-40" />;
  if (preview.isError) return <LoadError title="Failed to preview the discount" query={preview} />;
  const { stores, warnings } = preview.data;
  if (stores.length === 0)
    return <p className="text-sm text-muted-foreground">No store to preview: the brand has no active store.</p>;
  const ids = stores.map((s) => s.storeId);
  return (
    <div className="grid gap-3" aria-busy={preview.isFetching}>
      <h3 className="font-semibold">What each store’s customers would pay</h3>
      {warnings.length > 0 ? (
        <ul aria-label="Warnings" className="grid gap-1 text-sm">
          {warnings.map((w, i) => (
            <li key={i} className="flex gap-2 text-amber-800 dark:text-amber-300">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{w.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {stores.map((store) => (
        <StorePreviewCard
          key={store.storeId}
          store={store}
          brandId={body.brandId}
          onDrop={onDropStore && stores.length > 1 ? () => onDropStore(store.storeId, ids) : null}
        />
      ))}
    </div>
  );
}
