import { z } from 'zod';

export const permissionLevels = ['user', 'manager', 'admin', 'super_admin'] as const;
export const permissionLevelSchema = z.enum(permissionLevels);
export type PermissionLevel = z.infer<typeof permissionLevelSchema>;

const ranks: Record<PermissionLevel, number> = { user: 1, manager: 2, admin: 3, super_admin: 4 };

/** Spec §4: an unknown level counts as rank 1. */
export const rankOf = (level: string | null | undefined): number => ranks[level as PermissionLevel] ?? 1;

export const hasLevel = (actual: string | null | undefined, required: PermissionLevel): boolean =>
  rankOf(actual) >= rankOf(required);

/** ARCHITECTURE §5: each level manages only levels strictly below its own; super_admin manages any. */
export const canManageLevel = (actor: PermissionLevel, target: PermissionLevel): boolean =>
  actor === 'super_admin' || rankOf(target) < rankOf(actor);
