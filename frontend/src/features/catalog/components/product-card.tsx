import type { CatalogGroup, Product } from '@dm/events/http';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { leadOf, mergeVariants, storeList } from '../utils/groups';
import { GroupMembers } from './group-members';
import { AvailabilityBadge, StoreBadges } from './store-badges';

type Props = {
  group: CatalogGroup<Product>;
  checked: boolean;
  onToggle: (id: string) => void;
  onSplitOff: (memberId: string) => void;
};

/**
 * One product in every store it is linked in (spec §2.7): name, SKU (or No SKU), status, the stores, 'N stores',
 * 'Manual Link'; opened, each store's copy and the variants with the stores that carry them.
 */
export const ProductCard = memo(function ProductCard({ group, checked, onToggle, onSplitOff }: Props) {
  const [open, setOpen] = useState(false);
  const lead = leadOf(group);
  const variants = mergeVariants(group.members);
  // The accessible name starts with the visible words, so speech input ('click 2 variants') finds the button.
  const variantCount = `${variants.length} ${variants.length === 1 ? 'variant' : 'variants'}`;
  const where = storeList(group.stores);
  const everyStore = group.stores.length > 1;
  return (
    <article data-testid="product-card" className="rounded-lg border bg-card p-3 text-sm shadow-xs">
      <div className="flex items-start gap-3">
        <Checkbox
          className="mt-0.5"
          aria-label={`Select ${lead.name} (${where})`}
          checked={checked}
          onCheckedChange={() => onToggle(group.id)}
        />
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0 space-y-1">
              <p className="font-medium break-words">{lead.name}</p>
              <p className="text-xs text-muted-foreground">{lead.sku ? `SKU: ${lead.sku}` : 'No SKU'}</p>
            </div>
            {variants.length > 0 || group.members.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                className="-my-1 shrink-0"
                aria-expanded={open}
                aria-label={`${variantCount} of ${lead.name} (${where})`}
                onClick={() => setOpen((was) => !was)}
              >
                {open ? <ChevronDown /> : <ChevronRight />}
                {variantCount}
              </Button>
            ) : null}
          </div>
          {/* The badges get the card's whole width: on a phone they would otherwise stack one per line. */}
          <div className="flex flex-wrap gap-1">
            <AvailabilityBadge group={group} />
            <StoreBadges stores={group.stores} hasManualLink={group.members.some((m) => m.hasManualLink)} />
          </div>
        </div>
      </div>
      {open ? (
        <div className="mt-2 space-y-2 border-t pt-2 pl-7 text-xs">
          {group.members.length > 1 ? <p className="text-muted-foreground">In each store</p> : null}
          {group.members.length > 1 ? (
            <GroupMembers
              onSplitOff={onSplitOff}
              label={`${lead.name} per store`}
              members={group.members.map((m) => ({
                id: m.id,
                storeName: m.storeName,
                title: m.name,
                detail: m.sku ? `SKU: ${m.sku}` : 'No SKU',
                available: m.isAvailableForDiscount,
              }))}
              lead={lead.name}
            />
          ) : null}
          {group.members.length > 1 ? <p className="text-muted-foreground">Variants</p> : null}
          <ul className="space-y-1" aria-label="Variants">
            {variants.map((variant) => (
              <li key={variant.key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.5fr)] gap-2">
                <span className="break-words">{variant.title}</span>
                <span className="break-words text-muted-foreground">{variant.sku ?? 'No SKU'}</span>
                <span className="break-words text-muted-foreground">
                  {everyStore && variant.stores.length === group.stores.length
                    ? `All ${group.stores.length} stores`
                    : storeList(variant.stores)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
});
