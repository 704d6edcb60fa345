import { randomUUID } from 'node:crypto';
import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore, type StreamAppend } from '@dm/event-store';
import { codeSyncStream, foldCode } from '@dm/events';
import { checkCodesAnswerSchema } from '@dm/events/http';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator, type ShopifyEmulator } from '@dm/shopify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createdAppends, discountUuid, outcomes, type TestDiscount } from '../discounts/discount-test-events';

// Three Aurora stores: aurora-uk's codes were synced 2 minutes ago (fresh); aurora-de's 20 minutes ago, with only a
// usage pass since (stale); aurora-us never (stale). The discount is deployed in aurora-uk as Shopify node 999001.
const slugs = ['aurora-uk', 'aurora-de', 'aurora-us'] as const;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const ourNode = 'gid://shopify/DiscountCodeNode/999001';
const spring: TestDiscount = {
  n: 1,
  brandId: 1,
  name: 'Spring',
  description: null,
  kind: 'percentage',
  createdAt: minutesAgo(60),
  storeIds: [1, 2, 3],
};

let t: TestApp;
let emulator: ShopifyEmulator;
let eventStore: EventStore;
let user: { cookie: string };

/** A sync of `kind` in the store, started `startedMinutesAgo`, as the code-sync reactor records it. */
const completedSync = (storeId: number, kind: 'full' | 'usage', startedMinutesAgo: number): StreamAppend => {
  const syncId = randomUUID();
  return {
    streamId: codeSyncStream(storeId),
    expected: 'any',
    events: [
      {
        type: 'CodeSyncRequested',
        data: {
          syncId,
          storeId,
          brandId: 1,
          storeSlug: slugs[storeId - 1]!,
          kind,
          updatedSince: null,
          requestedAt: minutesAgo(startedMinutesAgo),
        },
      },
      {
        type: 'CodeSyncCompleted',
        data: {
          syncId,
          storeId,
          kind,
          totalCodes: 2,
          totalDiscounts: 2,
          discountsChanged: 2,
          discountsRemoved: 0,
          startedAt: minutesAgo(startedMinutesAgo),
          completedAt: minutesAgo(startedMinutesAgo - 1),
        },
      },
    ],
  };
};

/** The synced cache of a store as a sync leaves it: its own partition of rm.synced_codes. */
const cacheHolds = async (storeId: number, rows: readonly { code: string; discountId: string }[]) => {
  await t.db.pool.query(
    `CREATE TABLE rm.synced_codes_${storeId}_test PARTITION OF rm.synced_codes FOR VALUES IN (${storeId})`,
  );
  await t.db.pool.query(
    `INSERT INTO rm.synced_codes (store_id, code_id, code, discount_id, code_folded)
     SELECT $1, 'gid://shopify/DiscountRedeemCode/' || n, code, discount_id, code_folded
     FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS u(code, discount_id, code_folded, n)`,
    [storeId, rows.map((r) => r.code), rows.map((r) => r.discountId), rows.map((r) => foldCode(r.code))],
  );
};

const outsideIn = (slug: (typeof slugs)[number], code: string) => {
  const shop = emulator.shop(slug);
  shop.addCode([...shop.discounts.values()][0]!, code);
};

beforeAll(async () => {
  emulator = await startShopifyEmulator({
    shops: slugs.map((slug) => ({ slug, brandId: 1, countryCode: slug.slice(-2).toUpperCase() })),
    codesPerShop: 2,
  });
  const shopify = createShopifyAdapter({
    stores: slugs.map((slug) => ({
      slug,
      domain: shopDomainOf(slug),
      token: emulator.tokens[slug] ?? null,
      functionId: null,
    })),
    emulatorUrl: emulator.url,
    policy: { minDelayMs: 1, maxDelayMs: 5, pollIntervalMs: 5 },
  });
  t = await buildTestApp({ shopify });
  const { commands } = t;
  eventStore = createPostgresEventStore({ pool: t.db.pool });
  await commands.registerBrand('Aurora', systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  for (const urlSlug of slugs) {
    await commands.createStore({ urlSlug, brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  }
  await eventStore.appendMany(createdAppends(spring));
  await eventStore.appendMany([
    outcomes(spring, [
      {
        type: 'DiscountDeployed',
        data: {
          discountId: discountUuid(1),
          storeId: 1,
          shopifyDiscountId: ourNode,
          code: 'SEED-1',
          attempt: 1,
          deployedAt: minutesAgo(59),
        },
      },
    ]),
    completedSync(1, 'full', 2),
    completedSync(2, 'full', 20),
  ]);
  await eventStore.appendMany([completedSync(2, 'usage', 1)]);
  // The caches: 'Outside-1' from another discount in both; in aurora-uk also a code of ours deleted since the sync.
  await cacheHolds(1, [
    { code: 'Outside-1', discountId: 'gid://shopify/DiscountCodeNode/5' },
    { code: 'OURS-GONE', discountId: ourNode },
    { code: 'STRASSE-１', discountId: 'gid://shopify/DiscountCodeNode/5' },
  ]);
  await cacheHolds(2, [{ code: 'Outside-1', discountId: 'gid://shopify/DiscountCodeNode/5' }]);
  // What Shopify holds now: 'OUTSIDE-2' was created in every store after aurora-uk's sync.
  for (const slug of slugs) outsideIn(slug, 'OUTSIDE-2');
  await t.waitForProjections();
  user = await t.signIn('user@x.test', 'user', [1]);
}, 60_000);
afterAll(async () => {
  await eventStore.close();
  await t.close();
  await emulator.stop();
});

const check = async (codes: string[], stores: number[]) => {
  emulator.callLog.clear();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/discounts/${discountUuid(1)}/codes/check-availability`,
    headers: { ...user, origin: 'http://localhost:3000' },
    payload: { codes, stores },
  });
  expect(res.statusCode, res.body).toBe(200);
  return checkCodesAnswerSchema.parse(res.json());
};
const lookups = (slug: string) =>
  emulator.callLog.entries({ shop: slug, rootField: 'codeDiscountNodeByCode' }).flatMap((e) => e.codes);
const takenIn = (answer: Awaited<ReturnType<typeof check>>, storeId: number) =>
  Object.fromEntries(answer.results.find((r) => r.storeId === storeId)!.codes.map((c) => [c.code, c.takenBy]));

describe('When a store was synced within 15 minutes', () => {
  it('should answer from the synced cache, case-insensitively, without asking Shopify', async () => {
    const answer = await check(['outside-1', 'OURS-GONE', 'OUTSIDE-2', 'FREE-1'], [1]);
    expect(lookups('aurora-uk')).toEqual([]);
    expect(emulator.callLog.entries()).toEqual([]);
    // OURS-GONE is on our own Shopify discount: the ledger, which released it, has the say. OUTSIDE-2 arrived in
    // Shopify after the sync: the cache cannot know it (the push records the conflict if it comes to that).
    expect(takenIn(answer, 1)).toEqual({
      'outside-1': 'exists in Shopify',
      'OURS-GONE': null,
      'OUTSIDE-2': null,
      'FREE-1': null,
    });
    expect(answer.canCreate).toBe(false);
  });

  it('should find a code the cache holds in another spelling of the same code (ß is ss, full-width is ASCII)', async () => {
    const answer = await check(['straße-1', 'STRASSE-2'], [1]);
    expect(emulator.callLog.entries()).toEqual([]);
    expect(takenIn(answer, 1)).toEqual({ 'straße-1': 'exists in Shopify', 'STRASSE-2': null });
  });
});

describe('When a store has no completed sync, or only one older than 15 minutes (a usage pass does not count)', () => {
  it('should ask Shopify for those stores only, and answer what Shopify holds now', async () => {
    const answer = await check(['outside-1', 'OUTSIDE-2', 'FREE-1'], [1, 2, 3]);
    expect(lookups('aurora-uk')).toEqual([]);
    for (const slug of ['aurora-de', 'aurora-us']) {
      expect(lookups(slug).sort()).toEqual(['FREE-1', 'OUTSIDE-2', 'outside-1']);
    }
    expect(takenIn(answer, 1)).toEqual({ 'outside-1': 'exists in Shopify', 'OUTSIDE-2': null, 'FREE-1': null });
    // aurora-de's old cache still lists Outside-1; Shopify no longer does (it was never there), and Shopify wins.
    for (const storeId of [2, 3]) {
      expect(takenIn(answer, storeId)).toEqual({ 'outside-1': null, 'OUTSIDE-2': 'exists in Shopify', 'FREE-1': null });
    }
  });
});
