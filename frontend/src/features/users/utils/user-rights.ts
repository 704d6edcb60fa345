import {
  canManageLevel,
  hasLevel,
  type PermissionLevel,
  permissionLevels,
  type UserPermissionRow,
} from '@dm/events/http';

type Row = Pick<UserPermissionRow, 'permissionLevel' | 'isProtected'>;

/**
 * What the viewer may do to a row. The server enforces the same rules (ARCHITECTURE §5: each level manages
 * only levels strictly below its own, super_admin any); the screen only hides what would be refused.
 */
export const canEdit = (viewer: PermissionLevel, row: Row): boolean =>
  !row.isProtected && canManageLevel(viewer, row.permissionLevel);

export const canDelete = (viewer: PermissionLevel, row: Row): boolean =>
  canEdit(viewer, row) && hasLevel(viewer, 'admin') && row.permissionLevel !== 'super_admin';

/** Role options the viewer may give: managers only User; admins User and Manager; super admins any. */
export const assignableLevels = (viewer: PermissionLevel): PermissionLevel[] =>
  permissionLevels.filter((level) => canManageLevel(viewer, level));
