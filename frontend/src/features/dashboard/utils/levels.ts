import type { PermissionLevel } from '@dm/events/http';

export const levelLabels: Record<PermissionLevel, string> = {
  user: 'User',
  manager: 'Manager',
  admin: 'Admin',
  super_admin: 'Super Admin',
};

/** Spec 000 §2.4: super admin default, admin secondary, others outline. */
export const levelVariant: Record<PermissionLevel, 'default' | 'secondary' | 'outline'> = {
  user: 'outline',
  manager: 'outline',
  admin: 'secondary',
  super_admin: 'default',
};
