import type { Collection } from '@dm/events/http';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useDeleteCollectionLinks } from '../api/delete-collection-link';
import { useCollectionLinks } from '../api/get-collection-links';
import { useCollections } from '../api/get-collections';
import { useLinkCollections } from '../api/link-collections';
import { useMarkCollections } from '../api/mark-collections';
import { catalogKeys } from '../api/query-keys';
import { useUnmarkCollections } from '../api/unmark-collections';
import { collectionLinkEnds, linksTouching } from '../utils/links';
import { filterCollections } from '../utils/search';
import { linkPair, type Selection, selectedAmong, splitByAvailability, toggleSelected } from '../utils/selection';
import { BulkActions } from './bulk-actions';
import { CatalogGroup } from './catalog-group';
import { CollectionCard } from './collection-card';
import { ListState } from './list-state';

const none: Selection = new Set();

export function CollectionsTab({ brandId }: { brandId: number }) {
  const queryClient = useQueryClient();
  const collections = useCollections(brandId);
  const links = useCollectionLinks(brandId);
  const mark = useMarkCollections();
  const unmark = useUnmarkCollections();
  const link = useLinkCollections();
  const unlink = useDeleteCollectionLinks();
  const [selected, setSelected] = useState<Selection>(none);
  const toggle = useCallback((id: string) => setSelected((was) => toggleSelected(was, id)), []);

  const all = collections.data;
  const groups = useMemo(() => splitByAvailability(all ?? []), [all]);
  const chosen = useMemo(
    () =>
      selectedAmong(
        selected,
        (all ?? []).map((c) => c.id),
      ),
    [selected, all],
  );
  const chosenLinks = useMemo(
    () => linksTouching((links.data ?? []).map(collectionLinkEnds), chosen),
    [links.data, chosen],
  );
  const renderItem = useCallback(
    (item: Collection) => <CollectionCard collection={item} checked={selected.has(item.id)} onToggle={toggle} />,
    [selected, toggle],
  );

  if (!all) return <ListState query={collections} failure="Failed to fetch collections" />;
  if (all.length === 0) return <p className="py-10 text-center text-muted-foreground">No collections imported yet</p>;

  const clear = { onSuccess: () => setSelected(none) };
  const onLink = () => {
    const result = linkPair(chosen, 'collections');
    if (!result.ok) return void toast({ title: result.message, variant: 'destructive' });
    const [sourceCollectionId, targetCollectionId] = result.pair;
    link.mutate({ sourceCollectionId, targetCollectionId, brandId }, clear);
  };

  return (
    <div className="space-y-4">
      <BulkActions
        noun="collections"
        selectedCount={chosen.length}
        linkCount={chosenLinks.length}
        pending={mark.isPending || unmark.isPending || link.isPending || unlink.isPending}
        labels={{ mark: 'Mark for Discount', unmark: 'Unmark' }}
        onMark={() => mark.mutate({ collectionIds: chosen, brandId }, clear)}
        onUnmark={() => unmark.mutate({ collectionIds: chosen, brandId }, clear)}
        onLink={onLink}
        onUnlink={() =>
          unlink.mutate(
            chosenLinks.map((l) => l.id),
            clear,
          )
        }
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: catalogKeys.collections() })}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <CatalogGroup
          title="Available for Discounts"
          items={groups.available}
          search={filterCollections}
          searchPlaceholder="Search by title or handle"
          emptyText="No collections available for discounts"
          selected={selected}
          onSelectedChange={setSelected}
          estimateSize={96}
          renderItem={renderItem}
        />
        <CatalogGroup
          title="Not Available"
          items={groups.unavailable}
          search={filterCollections}
          searchPlaceholder="Search by title or handle"
          emptyText="Every collection is available for discounts"
          selected={selected}
          onSelectedChange={setSelected}
          estimateSize={96}
          renderItem={renderItem}
        />
      </div>
    </div>
  );
}
