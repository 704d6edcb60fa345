import { routePolicy, type PolicedRoute, type PolicyEntry } from '@dm/events';
import {
  addDiscountCodesBodySchema,
  auditExportQuerySchema,
  auditQuerySchema,
  historyQuerySchema,
  catalogBrandQuerySchema,
  checkCodesBodySchema,
  catalogImportBodySchema,
  changePermissionBodySchema,
  codeSyncTriggerBodySchema,
  countryBodySchema,
  createDiscountBodySchema,
  createStoreBodySchema,
  discountAsOfQuerySchema,
  discountCodesQuerySchema,
  discountListQuerySchema,
  discountStatsQuerySchema,
  grantPermissionBodySchema,
  linkCollectionsBodySchema,
  linkProductsBodySchema,
  markCollectionsBodySchema,
  markProductsBodySchema,
  regionBodySchema,
  storeListQuerySchema,
  updateStoreBodySchema,
} from '@dm/events/http';
import { generateCodesBodySchema, importCodesBodySchema } from '@dm/events/http';
import type { z } from 'zod';

/** What a path parameter holds: a positive whole number, a UUID, or free text (a person's id). */
export type ParamKind = 'number' | 'uuid' | 'text';

export interface RouteUnderTest {
  readonly key: string;
  readonly method: string;
  readonly pattern: string;
  readonly isPublic: boolean;
  readonly changesState: boolean;
  readonly params: Readonly<Record<string, ParamKind>>;
  /** The route's own body schema and one body it accepts; a bad body is one this schema refuses. */
  readonly body?: { readonly schema: z.ZodType; readonly valid: Readonly<Record<string, unknown>> };
  /** The same for a query the route validates. */
  readonly query?: { readonly schema: z.ZodType; readonly valid: Readonly<Record<string, string>> };
}

interface Fixture {
  readonly params?: Readonly<Record<string, ParamKind>>;
  readonly body?: RouteUnderTest['body'];
  readonly query?: RouteUnderTest['query'];
}

const someId = 'c5b3a7e4-2f0d-4e8a-9b1c-6d7e8f9a0b1c';
const otherId = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';
const region = { schema: regionBodySchema, valid: { code: 'FUZZ', name: 'Fuzz region' } };
const country = { schema: countryBodySchema, valid: { code: 'FZ', name: 'Fuzzland', regionId: 1 } };
const catalogImport = { schema: catalogImportBodySchema, valid: { brandId: 1, storeId: 1 } };
const catalogList = { query: { schema: catalogBrandQuerySchema, valid: { brandId: '1' } } };

/**
 * What the generators need to know of a route beyond the policy table. A route listed in the table but not
 * here (one a later issue adds) still gets every generic malformation: unstorable text, oversized and
 * non-JSON bodies, broken JSON, bad headers and addresses.
 */
const fixtures: Partial<Record<PolicedRoute, Fixture>> = {
  'POST /api/permissions': {
    body: {
      schema: grantPermissionBodySchema,
      valid: { email: 'fuzz@demo.test', permissionLevel: 'user', brandIds: [1] },
    },
  },
  'PUT /api/permissions/:userId': {
    params: { userId: 'text' },
    body: { schema: changePermissionBodySchema, valid: { permissionLevel: 'user' } },
  },
  'DELETE /api/permissions/:userId': { params: { userId: 'text' } },
  'GET /api/stores': { query: { schema: storeListQuerySchema, valid: {} } },
  'POST /api/stores': {
    body: { schema: createStoreBodySchema, valid: { urlSlug: 'fuzz-store', brandId: 1, countryId: 1 } },
  },
  'PATCH /api/stores/:id': {
    params: { id: 'number' },
    body: { schema: updateStoreBodySchema, valid: { isActive: false } },
  },
  'POST /api/countries': { body: country },
  'PATCH /api/countries/:id': { params: { id: 'number' }, body: country },
  'DELETE /api/countries/:id': { params: { id: 'number' } },
  'POST /api/regions': { body: region },
  'PATCH /api/regions/:id': { params: { id: 'number' }, body: region },
  'DELETE /api/regions/:id': { params: { id: 'number' } },
  'POST /api/products/import': { body: catalogImport },
  'POST /api/collections/import': { body: catalogImport },
  'GET /api/imports/:id': { params: { id: 'uuid' } },
  'GET /api/products': catalogList,
  'GET /api/products/all': catalogList,
  'GET /api/collections': catalogList,
  'GET /api/collections/available': catalogList,
  'GET /api/products/links': catalogList,
  'GET /api/collections/links': catalogList,
  'POST /api/products/mark-for-discount': {
    body: { schema: markProductsBodySchema, valid: { productIds: [someId], brandId: 1 } },
  },
  'POST /api/products/unmark-for-discount': {
    body: { schema: markProductsBodySchema, valid: { productIds: [someId], brandId: 1 } },
  },
  'POST /api/collections/mark-for-discount': {
    body: { schema: markCollectionsBodySchema, valid: { collectionIds: [someId], brandId: 1 } },
  },
  'POST /api/collections/unmark-for-discount': {
    body: { schema: markCollectionsBodySchema, valid: { collectionIds: [someId], brandId: 1 } },
  },
  'POST /api/products/link': {
    body: { schema: linkProductsBodySchema, valid: { sourceProductId: someId, targetProductId: otherId, brandId: 1 } },
  },
  'POST /api/collections/link': {
    body: {
      schema: linkCollectionsBodySchema,
      valid: { sourceCollectionId: someId, targetCollectionId: otherId, brandId: 1 },
    },
  },
  'DELETE /api/products/links/:linkId': { params: { linkId: 'uuid' } },
  'DELETE /api/collections/links/:linkId': { params: { linkId: 'uuid' } },
  'POST /api/admin/discounts': {
    body: {
      schema: createDiscountBodySchema,
      valid: {
        name: 'Fuzz sale',
        discountType: 'multi',
        brandId: 1,
        storeIds: [1],
        multiConfig: {
          discounts: [{ target: { type: 'product', id: someId, name: 'Fuzz' }, kind: 'percentage', amount: '10' }],
        },
        conditions: { startDate: '2026-12-01T09:00', endDate: '2026-12-31T21:00' },
      },
    },
  },
  'POST /api/discounts/:id/deployments/:storeId/retry': { params: { id: 'uuid', storeId: 'number' } },
  'POST /api/discounts/:id/end': { params: { id: 'uuid' } },
  'GET /api/discounts': {
    query: {
      schema: discountListQuerySchema,
      valid: {
        page: '2',
        limit: '10',
        brandId: '1',
        search: 'summer',
        type: 'gwp',
        dateFrom: '2025-01-05',
        dateTo: '2025-01-31',
      },
    },
  },
  'GET /api/discounts/stats': { query: { schema: discountStatsQuerySchema, valid: { brandId: '1' } } },
  'GET /api/discounts/:id': { params: { id: 'uuid' } },
  'POST /api/discounts/:id/codes': {
    params: { id: 'uuid' },
    body: {
      schema: addDiscountCodesBodySchema,
      valid: { codes: ['FUZZ10,FUZZ20'], stores: [1], influencerName: 'Fuzz' },
    },
  },
  'POST /api/discounts/:id/codes/check-availability': {
    params: { id: 'uuid' },
    body: { schema: checkCodesBodySchema, valid: { codes: ['FUZZ10'], stores: [1] } },
  },
  'GET /api/discounts/:id/codes': {
    params: { id: 'uuid' },
    query: { schema: discountCodesQuerySchema, valid: { page: '2', limit: '50', search: 'fuzz' } },
  },
  'DELETE /api/codes/:codeId': { params: { codeId: 'uuid' } },
  'POST /api/stores/:id/code-sync/trigger': {
    params: { id: 'number' },
    body: { schema: codeSyncTriggerBodySchema, valid: { incremental: false } },
  },
  'GET /api/stores/:id/code-sync/status': { params: { id: 'number' } },
  'GET /api/audit': {
    query: {
      schema: auditQuerySchema,
      valid: { person: 'fuzz@demo.test', entity: 'discount', after: '10', limit: '5' },
    },
  },
  'GET /api/audit/export': {
    query: { schema: auditExportQuerySchema, valid: { format: 'csv', type: 'DiscountCreated' } },
  },
  'GET /api/history': { query: { schema: historyQuerySchema, valid: { entity: `discount:${someId}`, limit: '5' } } },
  'GET /api/discounts/:id/as-of': {
    params: { id: 'uuid' },
    query: { schema: discountAsOfQuerySchema, valid: { at: '2026-01-05T14:30:00Z' } },
  },
  'GET /api/discounts/:id/drift': { params: { id: 'uuid' } },
  'GET /api/stores/:id/drift': { params: { id: 'number' } },
  'POST /api/discounts/:id/drift/:storeId/reassert': { params: { id: 'uuid', storeId: 'number' } },
  'POST /api/discounts/:id/drift/:storeId/accept': { params: { id: 'uuid', storeId: 'number' } },
  'POST /api/discounts/:id/codes/import': {
    params: { id: 'uuid' },
    body: { schema: importCodesBodySchema, valid: { csv: 'code,influencer\nFUZZ30,Fuzz\n', stores: [1] } },
  },
  'POST /api/discounts/:id/codes/generate': {
    params: { id: 'uuid' },
    body: { schema: generateCodesBodySchema, valid: { pattern: 'FUZZ-[6LN]', count: 2, stores: [1] } },
  },
  'GET /api/discounts/:id/codes/export': { params: { id: 'uuid' } },
};

const paramsIn = (pattern: string): Record<string, ParamKind> =>
  Object.fromEntries(
    pattern
      .split('/')
      .filter((s) => s.startsWith(':'))
      .map((s) => [s.slice(1), 'text' as const]),
  );

/** Every route of the policy table, as the whole stack serves it. */
export const routesUnderTest: readonly RouteUnderTest[] = Object.entries(
  routePolicy as Record<string, PolicyEntry>,
).map(([key, entry]) => {
  const [method = '', pattern = ''] = key.split(' ');
  const fixture = fixtures[key as PolicedRoute] ?? {};
  return {
    key,
    method,
    pattern,
    isPublic: entry.access === 'public',
    changesState: method !== 'GET',
    params: { ...paramsIn(pattern), ...fixture.params },
    ...(fixture.body ? { body: fixture.body } : {}),
    ...(fixture.query ? { query: fixture.query } : {}),
  };
});
