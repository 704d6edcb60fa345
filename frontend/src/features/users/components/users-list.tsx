import type { Brand, PermissionLevel, UserPermissionRow } from '@dm/events/http';
import { useMemo, useState } from 'react';
import { VirtualList } from '@/components/virtual-list';
import { peopleOf } from '../utils/people';
import { UserRow } from './user-row';

type Props = { rows: UserPermissionRow[]; viewer: PermissionLevel; brands: readonly Brand[] };

/** One row per person. Virtualised: only the rows in view (plus a few) are in the DOM, so thousands stay fast. */
export function UsersList({ rows, viewer, brands }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const people = useMemo(() => peopleOf(rows), [rows]);
  return (
    <VirtualList
      items={people}
      label="Users"
      estimateSize={73}
      renderItem={(person) => (
        <UserRow
          person={person}
          viewer={viewer}
          brands={brands}
          editing={editing === person.row.slackUserId}
          onEdit={setEditing}
        />
      )}
    />
  );
}
