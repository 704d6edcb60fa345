import type { PermissionLevel } from './levels';

/**
 * The one policy table (ARCHITECTURE §5). Every HTTP route of every service and every command has an
 * entry; servers refuse to start when a registered route has none (deny by default), and the frontend
 * reads the same table to decide what to show.
 *
 * - `public`: no session needed (sign-in routes only).
 * - `service`: another of our services calls it with the service token, never a browser (outside `/api`,
 *   so the gateway does not proxy it).
 * - `level`: the minimum permission level.
 * - `brandScoped`: the route works on brand-owned data; the caller's brand set bounds every read and write.
 */
export type SignedInEntry = {
  readonly access: 'signed-in';
  readonly level: PermissionLevel;
  readonly brandScoped: boolean;
};
export type PolicyEntry = { readonly access: 'public' } | { readonly access: 'service' } | SignedInEntry;

const open = { access: 'public' } as const;
const service = { access: 'service' } as const;
const needs = (level: PermissionLevel, brandScoped = false): SignedInEntry => ({
  access: 'signed-in',
  level,
  brandScoped,
});

export const routePolicy = {
  // gateway: sign-in
  'GET /api/login': open,
  'GET /api/callback': open,
  'GET /api/logout': open,
  'GET /api/no-access': open,
  'GET /healthz': open,
  // the API description (decision 1340): each service's part, and the gateway's merged document and its page
  'GET /openapi.json': open,
  'GET /api/openapi.json': open,
  'GET /api/docs': open,
  'GET /api/docs/:file': open,
  // command-api: sign-in bookkeeping, sent by the gateway on behalf of the person signing in
  'POST /internal/sign-ins': service,
  // session
  'GET /api/auth/user': needs('user'),
  'GET /api/user': needs('user'),
  // brands
  'GET /api/brands': needs('user'),
  'GET /api/user/brands': needs('user', true),
  // users and permissions (ARCHITECTURE §5: each level manages only levels below its own)
  'GET /api/permissions': needs('manager', true),
  'POST /api/permissions': needs('manager', true),
  'PUT /api/permissions/:userId': needs('manager', true),
  'DELETE /api/permissions/:userId': needs('admin', true),
  // stores, countries, regions (the screen and every write: super_admin)
  'GET /api/stores': needs('user', true),
  'POST /api/stores': needs('super_admin', true),
  'PATCH /api/stores/:id': needs('super_admin', true),
  'GET /api/countries': needs('admin'),
  'POST /api/countries': needs('super_admin'),
  'PATCH /api/countries/:id': needs('super_admin'),
  'DELETE /api/countries/:id': needs('super_admin'),
  'GET /api/regions': needs('admin'),
  'POST /api/regions': needs('super_admin'),
  'PATCH /api/regions/:id': needs('super_admin'),
  'DELETE /api/regions/:id': needs('super_admin'),
  // catalog: products, collections, links, imports (spec 001 §2.7: admin, the caller's brands)
  'POST /api/products/import': needs('admin', true),
  'POST /api/collections/import': needs('admin', true),
  'GET /api/imports/:id': needs('admin', true),
  'GET /api/products': needs('admin', true),
  'GET /api/products/all': needs('admin', true),
  'GET /api/collections': needs('admin', true),
  'GET /api/collections/available': needs('admin', true),
  'POST /api/products/mark-for-discount': needs('admin', true),
  'POST /api/products/unmark-for-discount': needs('admin', true),
  'POST /api/collections/mark-for-discount': needs('admin', true),
  'POST /api/collections/unmark-for-discount': needs('admin', true),
  'GET /api/products/links': needs('admin', true),
  'GET /api/collections/links': needs('admin', true),
  'POST /api/products/link': needs('admin', true),
  'POST /api/collections/link': needs('admin', true),
  'DELETE /api/products/links/:linkId': needs('admin', true),
  'DELETE /api/collections/links/:linkId': needs('admin', true),
  // discounts (spec 001 §6: the list for everyone signed in, the wizard for admin; the caller's brands)
  'GET /api/discounts': needs('user', true),
  'GET /api/discounts/stats': needs('user', true),
  'GET /api/discounts/:id': needs('user', true),
  'POST /api/admin/discounts': needs('admin', true),
  'POST /api/admin/discounts/preflight': needs('admin', true),
  'POST /api/admin/discounts/preview': needs('admin', true),
  'POST /api/discounts/:id/deployments/:storeId/retry': needs('admin', true),
  'POST /api/discounts/:id/end': needs('admin', true),
  // code sync and the synced-codes browser (spec 000 §2.1, §2.7, §2.8: admin, the caller's brands)
  'POST /api/stores/:id/code-sync/trigger': needs('admin', true),
  'GET /api/stores/:id/code-sync/status': needs('admin', true),
  'GET /api/synced-codes': needs('admin', true),
  'GET /api/synced-codes/stats': needs('admin', true),
  // discount codes (issue 12: every level adds and checks, managers and above delete; the caller's brands)
  'GET /api/discounts/:id/codes': needs('user', true),
  'POST /api/discounts/:id/codes': needs('user', true),
  /** Read-only; a POST for the spec's sake, served by the query API (the gateway routes it there). */
  'POST /api/discounts/:id/codes/check-availability': needs('user', true),
  'DELETE /api/codes/:codeId': needs('manager', true),
  // audit (issue 16): the Audit screen for admin and above, History for whoever sees the entity; the caller's brands
  'GET /api/audit': needs('admin', true),
  'GET /api/audit/export': needs('admin', true),
  'GET /api/audit/event-types': needs('admin'),
  'GET /api/history': needs('user', true),
  // audit (issue 16): a discount as it was at a given instant, folded from the log
  'GET /api/discounts/:id/as-of': needs('user', true),
  // drift between our discounts and the stores (issue 13: admin, the caller's brands)
  'GET /api/discounts/:id/drift': needs('admin', true),
  'GET /api/stores/:id/drift': needs('admin', true),
  'POST /api/discounts/:id/drift/:storeId/reassert': needs('admin', true),
  'POST /api/discounts/:id/drift/:storeId/accept': needs('admin', true),
  // codes in bulk (issue 12 'Beyond the spec': like adding, every level, the caller's brands)
  'POST /api/discounts/:id/codes/import': needs('user', true),
  'POST /api/discounts/:id/codes/generate': needs('user', true),
  'GET /api/discounts/:id/codes/export': needs('user', true),
} as const satisfies Record<string, PolicyEntry>;

export type PolicedRoute = keyof typeof routePolicy;

export const commandPolicy = {
  // Seed/CLI only: no HTTP route sends these; the system actor runs them.
  RegisterBrand: needs('super_admin'),
  GrantPermission: needs('manager', true),
  ChangePermission: needs('manager', true),
  RevokePermission: needs('admin', true),
  CreateRegion: needs('super_admin'),
  UpdateRegion: needs('super_admin'),
  DeleteRegion: needs('super_admin'),
  CreateCountry: needs('super_admin'),
  UpdateCountry: needs('super_admin'),
  DeleteCountry: needs('super_admin'),
  CreateStore: needs('super_admin', true),
  SetStoreActive: needs('super_admin', true),
  MoveStore: needs('super_admin', true),
  RequestCatalogImport: needs('admin', true),
  MarkCatalogItems: needs('admin', true),
  UnmarkCatalogItems: needs('admin', true),
  LinkCatalogItems: needs('admin', true),
  RemoveCatalogLink: needs('admin', true),
  CreateDiscount: needs('admin', true),
  RetryDiscountDeployment: needs('admin', true),
  EndDiscount: needs('admin', true),
  TriggerCodeSync: needs('admin', true),
  AddDiscountCodes: needs('user', true),
  DeleteDiscountCode: needs('manager', true),
  ReassertDiscountDrift: needs('admin', true),
  AcceptDiscountDrift: needs('admin', true),
  ImportDiscountCodes: needs('user', true),
  GenerateDiscountCodes: needs('user', true),
  // Sign-in bookkeeping, sent by the gateway on behalf of the person signing in.
  RecordSignIn: open,
  RecordSignInRefusal: open,
} as const satisfies Record<string, PolicyEntry>;

export type PolicedCommand = keyof typeof commandPolicy;

export const policyFor = (method: string, routePattern: string): PolicyEntry | undefined =>
  (routePolicy as Record<string, PolicyEntry>)[`${method.toUpperCase()} ${routePattern}`];

/** Screens of the SPA: minimum level per route (spec 000 §2.1). */
export const screenPolicy = {
  '/': 'manager',
  '/discounts': 'user',
  '/discounts/:id/codes': 'user',
  '/create-discount': 'admin',
  '/discounts/create': 'admin',
  '/product-management': 'admin',
  '/products': 'admin',
  '/users': 'manager',
  '/stores': 'super_admin',
  '/code-sync': 'admin',
  '/synced-codes': 'admin',
  '/audit': 'admin',
} as const satisfies Record<string, PermissionLevel>;
