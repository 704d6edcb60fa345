import type { PermissionLevel, UserPermissionRow } from '@dm/events/http';
import { signedInNameOf } from './people';

type Person = Pick<UserPermissionRow, 'displayName' | 'username' | 'email'>;

/** Spec §2.5: the name from their sign-in, else their email, else 'Unknown User'. */
export const displayNameOf = (row: Person): string => signedInNameOf(row) ?? (row.email || 'Unknown User');

export const initialsOf = (row: Person): string => {
  const words = displayNameOf(row)
    .split(/[\s@._-]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? '?') + (words[1]?.[0] ?? '')).toUpperCase();
};

export { roleNames as levelLabels } from '@/lib/glossary';

/** Spec §2.4 badge style: super admin default, admin secondary, others outline. */
export const levelBadgeVariant = (level: PermissionLevel): 'default' | 'secondary' | 'outline' =>
  level === 'super_admin' ? 'default' : level === 'admin' ? 'secondary' : 'outline';
