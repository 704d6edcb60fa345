import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { checkCodesAnswerSchema } from '@dm/events/http';
import {
  createShopifyAdapter,
  shopDomainOf,
  startShopifyEmulator,
  type ShopifyAdapter,
  type ShopifyEmulator,
} from '@dm/shopify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createdAppends, discountUuid, type TestDiscount } from '../discounts/discount-test-events';

// Issue 22: the check is open to the lowest level, so it is bounded in size, in time, and in the share of each
// store's Shopify rate budget it may spend. No store here has a synced cache: every one is asked of Shopify.
const slugs = ['aurora-uk', 'aurora-de', 'aurora-us'] as const;
const spring: TestDiscount = {
  n: 1,
  brandId: 1,
  name: 'Spring',
  description: null,
  kind: 'percentage',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  storeIds: [1, 2, 3],
};

let t: TestApp;
let emulator: ShopifyEmulator;
let shopify: ShopifyAdapter;
let eventStore: EventStore;
let user: { cookie: string };

beforeAll(async () => {
  emulator = await startShopifyEmulator({
    shops: slugs.map((slug) => ({ slug, brandId: 1, countryCode: slug.slice(-2).toUpperCase() })),
    codesPerShop: 2,
  });
  shopify = createShopifyAdapter({
    stores: slugs.map((slug) => ({ slug, domain: shopDomainOf(slug), token: emulator.tokens[slug] ?? null })),
    emulatorUrl: emulator.url,
    policy: { minDelayMs: 1, maxDelayMs: 5, pollIntervalMs: 5 },
  });
  t = await buildTestApp({ shopify, shopifyTimeLimitMs: 500 });
  await t.commands.registerBrand('Aurora', systemActor);
  await t.commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await t.commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  for (const urlSlug of slugs)
    await t.commands.createStore({ urlSlug, brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  eventStore = createPostgresEventStore({ pool: t.db.pool });
  await eventStore.appendMany(createdAppends(spring));
  await t.waitForProjections();
  user = await t.signIn('user@x.test', 'user', [1]);
}, 60_000);
afterAll(async () => {
  await eventStore.close();
  await t.close();
  await emulator.stop();
});

const post = (codes: string[], stores: number[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/discounts/${discountUuid(1)}/codes/check-availability`,
    headers: { ...user, origin: 'http://localhost:3000' },
    payload: { codes, stores },
  });
const lookups = (slug: string) => emulator.callLog.entries({ shop: slug, rootField: 'codeDiscountNodeByCode' });

describe('When a check asks about more codes × stores than one check covers', () => {
  it('should answer 400 with the count and what to do, before reading anything', async () => {
    const codes = Array.from({ length: 1000 }, (_, i) => `CODE-${i}`);
    const stores = Array.from({ length: 26 }, (_, i) => i + 1);
    const res = await post(codes, stores);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('26,000 checks; one check covers at most 25,000');
  });
});

describe('When Shopify does not answer for a store within the time limit', () => {
  it('should answer with what it knows and name the store it could not check', async () => {
    emulator.faults.inject({ kind: 'timeout', shop: 'aurora-de', operation: 'CodesExist', holdMs: 20_000 });
    const res = await post(['FREE-1'], [2]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = checkCodesAnswerSchema.parse(res.json());
    expect(answer.results[0]?.codes).toEqual([{ code: 'FREE-1', available: true, takenBy: null }]);
    expect(answer.unchecked).toEqual([
      {
        storeId: 2,
        storeName: expect.any(String) as string,
        reason: expect.stringMatching(/did not answer within 0.5 s/) as string,
      },
    ]);
  });
});

describe("When a store's rate budget is below the share kept for the reactors", () => {
  it('should not spend it: the store is named as not checked and Shopify is not asked', async () => {
    // The adapter learns the store's level from an answer, as it does from the reactors' calls.
    emulator.bucket('aurora-us').setLevel(60);
    const lookup = shopify.store('aurora-us');
    if (!lookup.ok) throw lookup.error;
    await lookup.store.checkCodesExist(['PROBE']);
    emulator.callLog.clear();
    const res = await post(['FREE-2', 'FREE-3'], [3]);
    expect(res.statusCode, res.body).toBe(200);
    expect(lookups('aurora-us')).toEqual([]);
    const answer = checkCodesAnswerSchema.parse(res.json());
    expect(answer.unchecked.map((u) => u.storeId)).toEqual([3]);
  });

  it('should ask Shopify while the budget holds more than that share', async () => {
    emulator.bucket('aurora-uk').setLevel(2000);
    emulator.shop('aurora-uk').addCode([...emulator.shop('aurora-uk').discounts.values()][0]!, 'OUTSIDE-1');
    const res = await post(['OUTSIDE-1', 'FREE-4'], [1]);
    const answer = checkCodesAnswerSchema.parse(res.json());
    expect(answer.unchecked).toEqual([]);
    expect(answer.results[0]?.codes.map((c) => c.takenBy)).toEqual(['exists in Shopify', null]);
  });
});
