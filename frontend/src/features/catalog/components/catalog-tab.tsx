import type { CatalogGroup } from '@dm/events/http';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { useDeleteLinks } from '../api/delete-links';
import { useLinks } from '../api/get-links';
import { useLinkItems } from '../api/link-items';
import { useMarkForDiscount } from '../api/mark-for-discount';
import { type CatalogArea, catalogKeys } from '../api/query-keys';
import { memberIdsOf, storeList } from '../utils/groups';
import { linksTouching } from '../utils/links';
import { type Selection, splitByAvailability, toggleSelected } from '../utils/selection';
import { BulkActions, type LinkQuestion } from './bulk-actions';
import { CatalogGroup as CatalogSection } from './catalog-group';

type CatalogItem = { id: string; storeId: number; storeName: string; isAvailableForDiscount: boolean };
type Section = { title: string; emptyText: string };

/** What sets the Products and Collections tabs apart: their list, how a group is found and drawn, their texts. */
export type CatalogTabDefinition<T extends CatalogItem> = {
  area: CatalogArea;
  useItems: (brandId: number) => UseQueryResult<T[]>;
  /** The list's items as product groups (one card each, decision 0660). */
  group: (items: readonly T[]) => CatalogGroup<T>[];
  search: (groups: readonly CatalogGroup<T>[], query: string) => readonly CatalogGroup<T>[];
  searchPlaceholder: string;
  /** The group's name in notices and questions. */
  nameOf: (group: CatalogGroup<T>) => string;
  renderCard: (
    group: CatalogGroup<T>,
    checked: boolean,
    onToggle: (id: string) => void,
    onSplitOff: (memberId: string) => void,
  ) => ReactNode;
  cardHeight: number;
  texts: { failure: string; empty: string };
  sections: { available: Section; unavailable: Section };
  /** Only the Collections tab has a Refresh button. */
  refreshable: boolean;
  /** A question to answer before these two are linked, or null to link at once. */
  linkQuestion?: (a: CatalogGroup<T>, b: CatalogGroup<T>) => LinkQuestion | null;
};

const none: Selection = new Set();

/** One tab of the catalog screen: the bulk bar over its two sections, one selection of groups across both. */
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
  const groups = useMemo(() => tab.group(all ?? []), [tab, all]);
  const sections = useMemo(() => splitByAvailability(groups), [groups]);
  // Only groups still listed: a refetch may have joined or split some.
  const chosen = useMemo(() => groups.filter((g) => selected.has(g.id)), [selected, groups]);
  const chosenLinks = useMemo(() => linksTouching(links.data ?? [], memberIdsOf(chosen)), [links.data, chosen]);
  const { mutate: removeLinks } = unlink;
  // One copy out of its group: the links touching it go, the others' links stay.
  const splitOff = useCallback(
    (memberId: string) => {
      const linkIds = linksTouching(links.data ?? [], [memberId]).map((l) => l.id);
      if (linkIds.length > 0) removeLinks(linkIds, { onSuccess: () => setSelected(none) });
    },
    [removeLinks, links.data],
  );
  const renderItem = useCallback(
    (group: CatalogGroup<T>) => tab.renderCard(group, selected.has(group.id), toggle, splitOff),
    [tab, selected, toggle, splitOff],
  );

  if (items.isError) return <LoadError title={tab.texts.failure} query={items} />;
  if (!all) return <ListSkeleton label={`Loading ${area}`} rows={4} rowClassName="h-24" />;
  if (all.length === 0) return <p className="py-10 text-center text-muted-foreground">{tab.texts.empty}</p>;

  const clear = { onSuccess: () => setSelected(none) };
  const ids = chosen.map((g) => g.id);
  const named = chosen.map((g) => ({ name: tab.nameOf(g), stores: storeList(g.stores) }));
  const [first, second] = chosen;
  // Spec §5: a link joins exactly two (the button is disabled otherwise).
  const pair = chosen.length === 2 && first && second ? ([first, second] as const) : null;
  const onLink = () => {
    if (!pair) return;
    const [a, b] = pair;
    const nameIn = (g: CatalogGroup<T>) => `${tab.nameOf(g)} (${storeList(g.stores)})`;
    link.mutate({ pair: [a.id, b.id], brandId, names: [nameIn(a), nameIn(b)] }, clear);
  };
  const section = (of: 'available' | 'unavailable') => (
    <CatalogSection
      title={tab.sections[of].title}
      items={sections[of]}
      search={tab.search}
      searchPlaceholder={tab.searchPlaceholder}
      emptyText={tab.sections[of].emptyText}
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
        linkQuestion={pair ? (tab.linkQuestion?.(pair[0], pair[1]) ?? null) : null}
        pending={mark.isPending || unmark.isPending || link.isPending || unlink.isPending}
        onMark={() => mark.mutate({ ids, brandId, chosen: named }, clear)}
        onUnmark={() => unmark.mutate({ ids, brandId, chosen: named }, clear)}
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
        {section('available')}
        {section('unavailable')}
      </div>
    </div>
  );
}
