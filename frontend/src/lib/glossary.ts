import type { DeploymentStatus, DiscountItem, PermissionLevel, screenPolicy } from '@dm/events/http';

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

/**
 * A discount's type: the wizard, the list's badges and filter, the detail panel, the codes page and the dashboard
 * all name it so (the list used to say MULTI and GWP beside the wizard's "Multi-Discount" and "Gift with Purchase").
 */
export const discountTypeNames = {
  multi: 'Multi-discount',
  gwp: 'Gift with purchase',
  percentage: 'Percentage',
  fixed_amount: 'Fixed amount',
} as const satisfies Record<DiscountItem['discountType'], string>;

/** A discount's status: the detail panel and its As of tab say the same (As of used to print the raw `active`). */
export const discountStatusNames = {
  scheduled: 'Scheduled',
  active: 'Active',
  expired: 'Expired',
  ended: 'Ended',
} as const satisfies Record<DiscountItem['status'], string>;

/** A store's copy of a discount, as the As of tab names it when it is not live. */
export const deploymentStatusNames = {
  pending: 'Deploying',
  deployed: 'Deployed',
  failed: 'Failed',
  ended: 'Ended',
} as const satisfies Record<DeploymentStatus, string>;

export const words = {
  signIn: 'Sign in',
  signOut: 'Sign out',
  availableForDiscount: 'Available for discount',
  notAvailableForDiscount: 'Not available for discount',
  giftWithPurchase: discountTypeNames.gwp,
  notConnected: 'Not connected: no access token',
  /** The code made with a discount (the log calls it the seed code): random, so no customer can guess it. */
  firstCode: 'First code',
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
  gwp: discountTypeNames.gwp,
  manual: 'Manual (no function)',
  app: 'App discount',
} as const;
