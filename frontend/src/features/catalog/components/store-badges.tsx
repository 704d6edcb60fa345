import type { CatalogStoreRef } from '@dm/events/http';
import { Badge } from '@/components/ui/badge';
import { storeCountLabel } from '../utils/links';

/** The item's stores, 'N stores' when it is in more than one, and 'Manual Link' when linked by hand. */
export function StoreBadges({ stores, hasManualLink }: { stores: readonly CatalogStoreRef[]; hasManualLink: boolean }) {
  const count = storeCountLabel(stores.length);
  return (
    <>
      {stores.map((store) => (
        <Badge key={store.storeId} variant="outline">
          {store.storeName}
        </Badge>
      ))}
      {count ? <Badge variant="secondary">{count}</Badge> : null}
      {hasManualLink ? (
        <Badge variant="secondary" className="bg-amber-100 text-amber-900">
          Manual Link
        </Badge>
      ) : null}
    </>
  );
}

export function AvailabilityBadge({ available }: { available: boolean }) {
  return available ? (
    <Badge className="bg-emerald-700 text-white">Available</Badge>
  ) : (
    <Badge variant="secondary">Unavailable</Badge>
  );
}
