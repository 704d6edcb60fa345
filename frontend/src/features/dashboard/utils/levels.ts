import type { PermissionLevel } from '@dm/events/http';

export { roleNames as levelLabels } from '@/lib/glossary';

/** Spec 000 §2.4: super admin default, admin secondary, others outline. */
export const levelVariant: Record<PermissionLevel, 'default' | 'secondary' | 'outline'> = {
  user: 'outline',
  manager: 'outline',
  admin: 'secondary',
  super_admin: 'default',
};
