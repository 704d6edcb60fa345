import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { toast } from '@/components/ui/use-toast';
import { useDeleteLinks } from '../api/delete-links';
import { useLinks } from '../api/get-links';
import { useLinkItems } from '../api/link-items';
import { useMarkForDiscount } from '../api/mark-for-discount';
import { type CatalogArea, catalogKeys } from '../api/query-keys';
import { linksTouching } from '../utils/links';
import { linkPair, type Selection, selectedAmong, splitByAvailability, toggleSelected } from '../utils/selection';
import { BulkActions } from './bulk-actions';
import { CatalogGroup } from './catalog-group';

type CatalogItem = { id: string; isAvailableForDiscount: boolean };
type Group = { title: string; emptyText: string };

/** What sets the Products and Collections tabs apart: their list, how an item is found and drawn, their texts. */
export type CatalogTabDefinition<T extends CatalogItem> = {
  area: CatalogArea;
  useItems: (brandId: number) => UseQueryResult<T[]>;
  search: (items: readonly T[], query: string) => readonly T[];
  searchPlaceholder: string;
  renderCard: (item: T, checked: boolean, onToggle: (id: string) => void) => ReactNode;
  cardHeight: number;
  texts: { failure: string; empty: string };
  groups: { available: Group; unavailable: Group };
  /** Only the Collections tab has a Refresh button. */
  refreshable: boolean;
};

const none: Selection = new Set();

/** One tab of the catalog screen: the bulk bar over its two groups, with one selection across both. */
export function CatalogTab<T extends CatalogItem>({ tab, brandId }: { tab: CatalogTabDefinition<T>; brandId: number }) {
  const { area } = tab;
  const queryClient = useQueryClient();
  const items = tab.useItems(brandId);
  const links = useLinks(area, brandId);
  const mark = useMarkForDiscount(area, 'mark');
  const unmark = useMarkForDiscount(area, 'unmark');
  const link = useLinkItems(area);
  const unlink = useDeleteLinks(area);
  const [selected, setSelected] = useState<Selection>(none);
  const toggle = useCallback((id: string) => setSelected((was) => toggleSelected(was, id)), []);

  const all = items.data;
  const groups = useMemo(() => splitByAvailability(all ?? []), [all]);
  const chosen = useMemo(
    () =>
      selectedAmong(
        selected,
        (all ?? []).map((item) => item.id),
      ),
    [selected, all],
  );
  const chosenLinks = useMemo(() => linksTouching(links.data ?? [], chosen), [links.data, chosen]);
  const renderItem = useCallback(
    (item: T) => tab.renderCard(item, selected.has(item.id), toggle),
    [tab, selected, toggle],
  );

  if (items.isError) return <LoadError title={tab.texts.failure} query={items} />;
  if (!all) return <ListSkeleton label={`Loading ${area}`} rows={4} rowClassName="h-24" />;
  if (all.length === 0) return <p className="py-10 text-center text-muted-foreground">{tab.texts.empty}</p>;

  const clear = { onSuccess: () => setSelected(none) };
  const onLink = () => {
    const result = linkPair(chosen, area);
    if (!result.ok) return void toast({ title: result.message, variant: 'destructive' });
    link.mutate({ pair: result.pair, brandId }, clear);
  };
  const group = (of: 'available' | 'unavailable') => (
    <CatalogGroup
      title={tab.groups[of].title}
      items={groups[of]}
      search={tab.search}
      searchPlaceholder={tab.searchPlaceholder}
      emptyText={tab.groups[of].emptyText}
      selected={selected}
      onSelectedChange={setSelected}
      estimateSize={tab.cardHeight}
      renderItem={renderItem}
    />
  );

  return (
    <div className="space-y-4">
      <BulkActions
        noun={area}
        selectedCount={chosen.length}
        linkCount={chosenLinks.length}
        pending={mark.isPending || unmark.isPending || link.isPending || unlink.isPending}
        onMark={() => mark.mutate({ ids: chosen, brandId }, clear)}
        onUnmark={() => unmark.mutate({ ids: chosen, brandId }, clear)}
        onLink={onLink}
        onUnlink={() =>
          unlink.mutate(
            chosenLinks.map((l) => l.id),
            clear,
          )
        }
        onRefresh={
          tab.refreshable ? () => void queryClient.invalidateQueries({ queryKey: catalogKeys[area]() }) : undefined
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {group('available')}
        {group('unavailable')}
      </div>
    </div>
  );
}
