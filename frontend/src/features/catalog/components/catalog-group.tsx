import { type ReactNode, useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { VirtualList } from '@/components/virtual-list';
import { isGroupSelected, type Selection, setGroupSelected } from '../utils/selection';

type Props<T extends { id: string }> = {
  title: string;
  items: readonly T[];
  search: (items: readonly T[], query: string) => readonly T[];
  searchPlaceholder: string;
  emptyText: string;
  selected: Selection;
  onSelectedChange: (next: Selection) => void;
  estimateSize: number;
  renderItem: (item: T) => ReactNode;
};

/** One group of a tab (e.g. Available for Discount): its own search and Select All over what the search shows. */
export function CatalogGroup<T extends { id: string }>(props: Props<T>) {
  const { title, items, search, selected, onSelectedChange } = props;
  // `?search=` opens the screen searched for one item (a failed deployment's missing product links here). Read
  // from the address once, as the group also renders outside a router (its own tests).
  const [query, setQuery] = useState(() => new URLSearchParams(window.location.search).get('search') ?? '');
  const searchId = useId();
  const shown = useMemo(() => search(items, query), [search, items, query]);
  const shownIds = useMemo(() => shown.map((item) => item.id), [shown]);
  const allSelected = isGroupSelected(selected, shownIds);

  return (
    <section aria-label={title} className="min-w-0 space-y-3 rounded-xl border p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        <Badge variant="secondary">{items.length}</Badge>
      </div>
      <label htmlFor={searchId} className="sr-only">
        Search {title}
      </label>
      <Input
        id={searchId}
        type="search"
        placeholder={props.searchPlaceholder}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <label className="flex items-center gap-2 text-sm">
        <Checkbox
          aria-label={`Select All: ${title}`}
          checked={allSelected}
          disabled={shownIds.length === 0}
          onCheckedChange={(on) => onSelectedChange(setGroupSelected(selected, shownIds, on === true))}
        />
        Select All
      </label>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {items.length === 0 ? props.emptyText : 'No matches'}
        </p>
      ) : (
        <VirtualList
          items={shown}
          label={title}
          estimateSize={props.estimateSize}
          renderItem={props.renderItem}
          rowClassName="pb-2"
        />
      )}
    </section>
  );
}
