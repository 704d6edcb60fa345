import { routePolicy } from '@dm/events';
import { changePermissionBodySchema, grantPermissionBodySchema } from '@dm/events/http';
import { countryBodySchema, createStoreBodySchema, regionBodySchema, updateStoreBodySchema } from '@dm/events/http';
import { codeSyncTriggerBodySchema, signInBodySchema } from '@dm/events/http';
import {
  catalogImportBodySchema,
  linkCollectionsBodySchema,
  linkProductsBodySchema,
  markCollectionsBodySchema,
  markProductsBodySchema,
} from '@dm/events/http';
import { addDiscountCodesBodySchema, checkCodesBodySchema, createDiscountBodySchema } from '@dm/events/http';
import { generateCodesBodySchema, importCodesBodySchema } from '@dm/events/http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, serviceToken, type TestApp } from './build-app';

/** Body schema of every command route; a new route must be added here, or this test fails. */
const bodySchemas: Record<string, z.ZodType | null> = {
  'POST /internal/sign-ins': signInBodySchema,
  'POST /api/permissions': grantPermissionBodySchema,
  'PUT /api/permissions/:userId': changePermissionBodySchema,
  'DELETE /api/permissions/:userId': null,
  'POST /api/stores': createStoreBodySchema,
  'PATCH /api/stores/:id': updateStoreBodySchema,
  'POST /api/countries': countryBodySchema,
  'PATCH /api/countries/:id': countryBodySchema,
  'DELETE /api/countries/:id': null,
  'POST /api/regions': regionBodySchema,
  'PATCH /api/regions/:id': regionBodySchema,
  'DELETE /api/regions/:id': null,
  'POST /api/products/import': catalogImportBodySchema,
  'POST /api/collections/import': catalogImportBodySchema,
  'POST /api/products/mark-for-discount': markProductsBodySchema,
  'POST /api/products/unmark-for-discount': markProductsBodySchema,
  'POST /api/collections/mark-for-discount': markCollectionsBodySchema,
  'POST /api/collections/unmark-for-discount': markCollectionsBodySchema,
  'POST /api/products/link': linkProductsBodySchema,
  'POST /api/collections/link': linkCollectionsBodySchema,
  'DELETE /api/products/links/:linkId': null,
  'DELETE /api/collections/links/:linkId': null,
  'POST /api/admin/discounts': createDiscountBodySchema,
  'POST /api/admin/discounts/preflight': createDiscountBodySchema,
  'POST /api/admin/discounts/preview': createDiscountBodySchema,
  'POST /api/discounts/:id/deployments/:storeId/retry': null,
  'POST /api/discounts/:id/end': null,
  'POST /api/discounts/:id/codes': addDiscountCodesBodySchema,
  // Served by the query API (the gateway routes it there); here it must still answer 4xx.
  'POST /api/discounts/:id/codes/check-availability': checkCodesBodySchema,
  'DELETE /api/codes/:codeId': null,
  'POST /api/stores/:id/code-sync/trigger': codeSyncTriggerBodySchema,
  'POST /api/discounts/:id/drift/:storeId/reassert': null,
  'POST /api/discounts/:id/drift/:storeId/accept': null,
  'POST /api/discounts/:id/codes/import': importCodesBodySchema,
  'POST /api/discounts/:id/codes/generate': generateCodesBodySchema,
};

const commandRoutes = Object.keys(routePolicy).filter((r) => /^(POST|PUT|PATCH|DELETE) /.test(r));

let t: TestApp;
let signedIn: { cookie: string; origin: string };
beforeAll(async () => {
  t = await buildTestApp();
  await t.seedBrands('Aurora', 'Borealis');
  signedIn = await t.signIn('super@x.test', 'super_admin', [1, 2]);
});
afterAll(() => t.close());

const pathParam = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('-1', '0', '1e9', '%00', '..', 'null'));
const fillPath = (pattern: string, values: string[]) =>
  pattern.replace(/:(\w+)/g, () => encodeURIComponent(values.shift() ?? 'x'));

const junkHeaders = fc.record(
  {
    'if-match': fc.oneof(fc.string({ maxLength: 30 }), fc.constant('"abc"')),
    'idempotency-key': fc.string({ minLength: 201, maxLength: 260 }),
    'content-type': fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
  },
  { requiredKeys: [] },
);

describe.each(commandRoutes)('%s with malformed input', (route) => {
  const [method, pattern] = route.split(' ') as [string, string];
  const schema = bodySchemas[route];

  it('has its body schema registered in this test', () => {
    expect(schema, `add ${route} to bodySchemas`).toBeDefined();
  });

  it('should answer 4xx { message } and append nothing', async () => {
    const before = await t.eventCount();
    const badBody = fc.jsonValue().filter((body) => !schema || !schema.safeParse(body).success);
    const rawJunk = fc.string({ maxLength: 60 }).filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badBody.map((b) => JSON.stringify(b)),
          rawJunk,
        ),
        fc.array(pathParam, { minLength: 2, maxLength: 2 }),
        junkHeaders,
        fc.string({ maxLength: 20 }),
        async (payload, params, headers, query) => {
          const res = await t.app.inject({
            method: method as 'POST',
            url: `${fillPath(pattern, params)}?${encodeURIComponent(query)}=${encodeURIComponent(query)}`,
            // Signed in and holding the service token, so every route gets as far as validating its input.
            headers: {
              'content-type': 'application/json',
              ...headers,
              ...signedIn,
              authorization: `Bearer ${serviceToken}`,
            },
            payload,
          });
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, res.body).toBeLessThan(500);
          const body = res.json<{ message: unknown }>();
          expect(typeof body.message).toBe('string');
          expect((body.message as string).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 200 },
    );
    expect(await t.eventCount()).toBe(before);
  });
});
