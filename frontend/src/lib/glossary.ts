import type { PermissionLevel, screenPolicy } from '@dm/events/http';

/**
 * The words staff meet, in one place (issue 25): every screen names the product, the roles, the screens and the
 * recurring actions from here, so one thing has one name everywhere.
 */
export const productName = 'Discount Manager';

export const roleNames: Record<PermissionLevel, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  manager: 'Manager',
  user: 'User',
};

export const screenNames = {
  '/': 'Dashboard',
  '/discounts': 'Discounts',
  '/discounts/:id/codes': 'Discount codes',
  '/create-discount': 'Create discount',
  '/discounts/create': 'Create discount',
  '/product-management': 'Products',
  '/products': 'Products',
  '/users': 'Users',
  '/stores': 'Stores',
  '/code-sync': 'Code Sync',
  '/synced-codes': 'Synced Codes',
  '/audit': 'Audit',
} as const satisfies Record<keyof typeof screenPolicy, string>;

export const words = {
  signIn: 'Sign in',
  signOut: 'Sign out',
  availableForDiscount: 'Available for discount',
  notAvailableForDiscount: 'Not available for discount',
  giftWithPurchase: 'Gift with purchase',
  notConnected: 'Not connected: no access token',
} as const;

/** "1 variant", "2 variants". */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "A", "A and B", "A, B and C". */
export const listOf = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** A synced code's type: the Synced Codes filter and its Type column use these same words. */
export const codeTypeWords = {
  single: 'Single code',
  multi: 'Bulk set',
  gwp: 'Gift with purchase',
  manual: 'Manual (no function)',
  app: 'App discount',
} as const;
