import type { Brand, PermissionLevel, UserPermissionRow } from '@dm/events/http';
import { useMemo, useState } from 'react';
import { VirtualList } from '@/components/virtual-list';
import { UserRow } from './user-row';

type Props = { rows: UserPermissionRow[]; viewer: PermissionLevel; brands: readonly Brand[] };

/** Brands per person among the listed rows: the inline edit starts from these. */
const brandsByPerson = (rows: UserPermissionRow[]) => {
  const map = new Map<string, number[]>();
  for (const row of rows) map.set(row.slackUserId, [...(map.get(row.slackUserId) ?? []), row.brandId]);
  return map;
};

/** Virtualised: only the rows in view (plus a few) are in the DOM, so thousands of rows stay fast. */
export function UsersList({ rows, viewer, brands }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const personBrands = useMemo(() => brandsByPerson(rows), [rows]);
  return (
    <VirtualList
      items={rows}
      label="Users"
      estimateSize={73}
      renderItem={(row) => (
        <UserRow
          row={row}
          viewer={viewer}
          brands={brands}
          personBrandIds={personBrands.get(row.slackUserId) ?? []}
          editing={editing === row.id}
          onEdit={setEditing}
        />
      )}
    />
  );
}
