import type { Brand, PermissionLevel, UserPermissionRow } from '@dm/events/http';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { UserRow } from './user-row';

type Props = { rows: UserPermissionRow[]; viewer: PermissionLevel; brands: Brand[] };

/** Brands per person among the listed rows: the inline edit starts from these. */
const brandsByPerson = (rows: UserPermissionRow[]) => {
  const map = new Map<string, number[]>();
  for (const row of rows) map.set(row.slackUserId, [...(map.get(row.slackUserId) ?? []), row.brandId]);
  return map;
};

/** Virtualised: only the rows in view (plus a few) are in the DOM, so thousands of rows stay fast. */
export function UsersList({ rows, viewer, brands }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const personBrands = useMemo(() => brandsByPerson(rows), [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 73,
    overscan: 6,
    getItemKey: (index) => rows[index]?.id ?? index,
  });

  return (
    <div ref={scrollRef} className="h-[65vh] overflow-auto" data-testid="users-scroll">
      <div role="list" aria-label="Users" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <UserRow
                row={row}
                viewer={viewer}
                brands={brands}
                personBrandIds={personBrands.get(row.slackUserId) ?? []}
                editing={editing === row.id}
                onEdit={setEditing}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
