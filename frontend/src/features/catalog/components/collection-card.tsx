import type { Collection } from '@dm/events/http';
import { memo } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { AvailabilityBadge, StoreBadges } from './store-badges';

type Props = { collection: Collection; checked: boolean; onToggle: (id: string) => void };

export const CollectionCard = memo(function CollectionCard({ collection, checked, onToggle }: Props) {
  return (
    <article data-testid="collection-card" className="rounded-lg border bg-card p-3 text-sm shadow-xs">
      <div className="flex items-start gap-3">
        <Checkbox
          className="mt-0.5"
          aria-label={`Select ${collection.title} (${collection.storeName})`}
          checked={checked}
          onCheckedChange={() => onToggle(collection.id)}
        />
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="font-medium break-words">{collection.title}</p>
          <p className="text-xs text-muted-foreground">
            {collection.handle} · {collection.productsCount} products
          </p>
          <div className="flex flex-wrap gap-1">
            <AvailabilityBadge available={collection.isAvailableForDiscount} />
            <StoreBadges stores={collection.stores} hasManualLink={collection.hasManualLink} />
          </div>
        </div>
      </div>
    </article>
  );
});
