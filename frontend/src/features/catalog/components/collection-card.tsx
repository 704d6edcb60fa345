import type { CatalogGroup, Collection } from '@dm/events/http';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { leadOf, storeList } from '../utils/groups';
import { GroupMembers } from './group-members';
import { AvailabilityBadge, StoreBadges } from './store-badges';

type Props = {
  group: CatalogGroup<Collection>;
  checked: boolean;
  onToggle: (id: string) => void;
  onSplitOff: (memberId: string) => void;
};

/** One collection in every store it is linked in; opened, each store's copy (title, handle, product count). */
export const CollectionCard = memo(function CollectionCard({ group, checked, onToggle, onSplitOff }: Props) {
  const [open, setOpen] = useState(false);
  const lead = leadOf(group);
  const where = storeList(group.stores);
  return (
    <article data-testid="collection-card" className="rounded-lg border bg-card p-3 text-sm shadow-xs">
      <div className="flex items-start gap-3">
        <Checkbox
          className="mt-0.5"
          aria-label={`Select ${lead.title} (${where})`}
          checked={checked}
          onCheckedChange={() => onToggle(group.id)}
        />
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0 space-y-1">
              <p className="font-medium break-words">{lead.title}</p>
              <p className="text-xs break-words text-muted-foreground">
                {lead.handle} · {lead.productsCount} products
              </p>
            </div>
            {group.members.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                className="-my-1 shrink-0"
                aria-expanded={open}
                aria-label={`Per store: ${lead.title} (${where})`}
                onClick={() => setOpen((was) => !was)}
              >
                {open ? <ChevronDown /> : <ChevronRight />}
                Per store
              </Button>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-1">
            <AvailabilityBadge group={group} />
            <StoreBadges stores={group.stores} hasManualLink={group.members.some((m) => m.hasManualLink)} />
          </div>
        </div>
      </div>
      {open ? (
        <div className="mt-2 border-t pt-2 pl-7 text-xs">
          <GroupMembers
            onSplitOff={onSplitOff}
            label={`${lead.title} per store`}
            lead={lead.title}
            members={group.members.map((m) => ({
              id: m.id,
              storeName: m.storeName,
              title: m.title,
              detail: `${m.handle} · ${m.productsCount} products`,
              available: m.isAvailableForDiscount,
            }))}
          />
        </div>
      ) : null}
    </article>
  );
});
