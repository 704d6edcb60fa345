import type { CatalogStoreRef } from '@dm/events/http';
import { Badge } from '@/components/ui/badge';
import { storeCountLabel } from '../utils/links';

/** The group's stores, 'N stores' when it is in more than one, and 'Manual Link' when linked by hand. */
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

type Grouped = {
  isAvailableForDiscount: boolean;
  stores: readonly CatalogStoreRef[];
  members: readonly { storeId: number; isAvailableForDiscount: boolean }[];
};

/**
 * Available only when every copy is. A group only some of whose copies are available (one linked after the
 * mark) says in how many stores, so that one more Mark makes it whole.
 */
export function AvailabilityBadge({ group }: { group: Grouped }) {
  if (group.isAvailableForDiscount) return <Badge className="bg-emerald-700 text-white">Available</Badge>;
  const availableIn = new Set(group.members.filter((m) => m.isAvailableForDiscount).map((m) => m.storeId)).size;
  if (availableIn > 0)
    return (
      <Badge variant="secondary" className="bg-amber-100 text-amber-900">
        Available in {availableIn} of {group.stores.length} stores
      </Badge>
    );
  return <Badge variant="secondary">Unavailable</Badge>;
}
