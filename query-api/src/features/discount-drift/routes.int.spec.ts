import { randomUUID } from 'node:crypto';
import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { discountDriftStream, type DriftDifferences } from '@dm/events';
import {
  codeSyncStatusSchema,
  discountDetailSchema,
  discountDriftAnswerSchema,
  storeDriftAnswerSchema,
} from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createdAppends, discountUuid, outcomes, type TestDiscount } from '../discounts/discount-test-events';

let t: TestApp;
let eventStore: EventStore;
let admin: { cookie: string };
let otherBrand: { cookie: string };
let manager: { cookie: string };
const spring: TestDiscount = {
  n: 1,
  brandId: 1,
  name: 'Spring',
  description: null,
  kind: 'percentage',
  createdAt: '2026-03-01T09:00:00.000Z',
  storeIds: [1, 2],
};
const differences: DriftDifferences = {
  deleted: false,
  missingCodes: ['SPRING-A'],
  missingCodeCount: 1,
  unexpectedCodes: [],
  unexpectedCodeCount: 0,
  fields: [{ field: 'endsAt', ours: null, shopify: '2031-01-01T00:00:00.000Z' }],
};

const get = (url: string, as = admin) => t.app.inject({ method: 'GET', url, headers: as });
const detected = (storeId: number) => ({
  streamId: discountDriftStream(discountUuid(1), storeId),
  expected: 'any' as const,
  events: [
    {
      type: 'DiscountDriftDetected',
      data: {
        discountId: discountUuid(1),
        storeId,
        brandId: 1,
        syncId: randomUUID(),
        shopifyDiscountId: `gid://shopify/DiscountCodeNode/${storeId}`,
        differences,
        detectedAt: '2026-11-24T10:00:00.000Z',
      },
    },
  ],
});

beforeAll(async () => {
  t = await buildTestApp();
  eventStore = createPostgresEventStore({ pool: t.db.pool });
  const { commands } = t;
  for (const name of ['Aurora', 'Borealis']) await commands.registerBrand(name, systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-de', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await eventStore.appendMany(createdAppends(spring));
  await eventStore.appendMany([
    outcomes(spring, [
      {
        type: 'DiscountDeployed',
        data: {
          discountId: discountUuid(1),
          storeId: 1,
          shopifyDiscountId: 'gid://shopify/DiscountCodeNode/1',
          code: 'SEED-1',
          attempt: 1,
          deployedAt: '2026-03-01T09:01:00.000Z',
        },
      },
    ]),
    detected(1),
  ]);
  admin = await t.signIn('admin@x.test', 'admin', [1]);
  otherBrand = await t.signIn('bo@x.test', 'admin', [2]);
  manager = await t.signIn('max@x.test', 'manager', [1]);
  await t.waitForProjections();
});
afterAll(() => t.close());

describe('When a discount drifted in one of its stores', () => {
  it('should answer the differences for that store only', async () => {
    const response = await get(`/api/discounts/${discountUuid(1)}/drift`);
    expect(response.statusCode).toBe(200);
    const { drift } = discountDriftAnswerSchema.parse(response.json());
    expect(drift).toEqual([
      {
        storeId: 1,
        storeName: expect.any(String),
        state: 'drifted',
        differences,
        detectedAt: '2026-11-24T10:00:00.000Z',
        reassert: null,
        accepted: { fields: {}, deleted: false, by: null, at: null },
      },
    ]);
  });

  it('should mark the deployment in the detail, and count the discount on the store', async () => {
    const detail = discountDetailSchema.parse((await get(`/api/discounts/${discountUuid(1)}`)).json());
    expect(detail.deployments.map((d) => [d.storeId, d.drift])).toEqual(
      expect.arrayContaining([
        [1, 'drifted'],
        [2, null],
      ]),
    );
    const status = codeSyncStatusSchema.parse((await get('/api/stores/1/code-sync/status')).json());
    expect(status.driftedDiscounts).toBe(1);
    const store = storeDriftAnswerSchema.parse((await get('/api/stores/1/drift')).json());
    expect(store.drift.map((d) => [d.discountName, d.differences.missingCodes])).toEqual([['Spring', ['SPRING-A']]]);
    expect(storeDriftAnswerSchema.parse((await get('/api/stores/2/drift')).json()).drift).toEqual([]);
  });

  it('should show it to nobody outside the rules: another brand 404, a manager 403', async () => {
    expect((await get(`/api/discounts/${discountUuid(1)}/drift`, otherBrand)).statusCode).toBe(404);
    expect((await get('/api/stores/1/drift', otherBrand)).statusCode).toBe(404);
    expect((await get(`/api/discounts/${discountUuid(1)}/drift`, manager)).statusCode).toBe(403);
  });
});
