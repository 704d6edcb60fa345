import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore, type StreamAppend } from '@dm/event-store';
import { discountCodesStream, type DiscountCodeEvent } from '@dm/events';
import {
  checkCodesAnswerSchema,
  discountCodesPageSchema,
  discountListSchema,
  type DiscountCodesPage,
} from '@dm/events/http';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator, type ShopifyEmulator } from '@dm/shopify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import {
  createdAppends,
  discountUuid,
  outcomes,
  reservation,
  type TestDiscount,
} from '../discounts/discount-test-events';

const at = (minute: number) => new Date(Date.UTC(2025, 4, 1, 10, minute)).toISOString();
const codeUuid = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const slugs = ['aurora-uk', 'aurora-de'] as const;

// Discount 1 (Aurora): deployed in aurora-uk (1), targets aurora-de (2) too. Discount 2 (Aurora) holds TAKEN1 in
// aurora-de. Discount 3 (Borealis) in borealis-uk (3).
const d1: TestDiscount = {
  n: 1,
  brandId: 1,
  name: 'Spring',
  description: null,
  kind: 'percentage',
  createdAt: at(0),
  storeIds: [1, 2],
};
const d2: TestDiscount = { ...d1, n: 2, name: 'Other promo', storeIds: [2] };
const d3: TestDiscount = { ...d1, n: 3, brandId: 2, name: 'Borealis', storeIds: [3] };

/** 60 codes added one request each (a minute apart, so newest first is well defined), then outcomes. */
const added = (n: number, code: string, influencerName: string | null, email: string): DiscountCodeEvent => ({
  type: 'DiscountCodesAdded',
  data: {
    discountId: discountUuid(1),
    brandId: 1,
    codes: [{ codeId: codeUuid(n), code }],
    storeIds: [1],
    savedLocally: false,
    influencerName,
    addedBy: { userId: email, name: email === 'uma@x.test' ? 'Uma' : 'Max', email },
    addedAt: at(n),
  },
});
const codesAppend = (events: DiscountCodeEvent[]): StreamAppend => ({
  streamId: discountCodesStream(discountUuid(1)),
  events,
  expected: 'any',
});

let t: TestApp;
let emulator: ShopifyEmulator;
let eventStore: EventStore;
let user: { cookie: string };
let stranger: { cookie: string };

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
  for (const name of ['Aurora', 'Borealis']) await commands.registerBrand(name, systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createCountry({ code: 'DE', name: 'Germany', regionId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-de', brandId: 1, brandName: 'Aurora', countryId: 2 }, systemActor);
  await commands.createStore({ urlSlug: 'borealis-uk', brandId: 2, brandName: 'Borealis', countryId: 1 }, systemActor);
  for (const d of [d1, d2, d3]) await eventStore.appendMany(createdAppends(d));
  await eventStore.appendMany([
    outcomes(d1, [
      {
        type: 'DiscountDeployed',
        data: {
          discountId: discountUuid(1),
          storeId: 1,
          shopifyDiscountId: 'gid://shopify/DiscountCodeNode/1',
          code: 'SEED-1',
          attempt: 1,
          deployedAt: at(1),
        },
      },
    ]),
    reservation(d2, 2, 'TAKEN1'),
  ]);
  const codes = Array.from({ length: 60 }, (_, i) => i + 1);
  await eventStore.appendMany([
    codesAppend(
      codes.map((n) =>
        added(
          n,
          `CODE${String(n).padStart(2, '0')}`,
          n % 10 === 0 ? 'Ivy Influencer' : null,
          n % 2 ? 'uma@x.test' : 'max@x.test',
        ),
      ),
    ),
    ...codes.map((n) => reservation(d1, 1, `CODE${String(n).padStart(2, '0')}`)),
  ]);
  await eventStore.appendMany([
    codesAppend([
      {
        type: 'DiscountCodesPushed',
        data: {
          discountId: discountUuid(1),
          storeId: 1,
          chunkKey: 'k1',
          live: ['code60'],
          refused: [{ code: 'CODE59', reason: 'Code must be unique', conflict: true }],
          pushedAt: at(90),
        },
      },
    ]),
  ]);
  await t.waitForProjections();
  user = await t.signIn('user@x.test', 'user', [1]);
  stranger = await t.signIn('bo@x.test', 'manager', [2]);
});
afterAll(async () => {
  await eventStore.close();
  await t.close();
  await emulator.stop();
});

const page = async (query: string, who = user): Promise<DiscountCodesPage> => {
  const res = await t.app.inject({ url: `/api/discounts/${discountUuid(1)}/codes${query}`, headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return discountCodesPageSchema.parse(res.json());
};
const check = (body: unknown, id = discountUuid(1), who = user) =>
  t.app.inject({
    method: 'POST',
    url: `/api/discounts/${id}/codes/check-availability`,
    headers: { ...who, origin: 'http://localhost:3000' },
    payload: body as object,
  });

describe('GET /api/discounts/:id/codes', () => {
  it('should answer the newest 50 first, the total, the pages and the deployed stores', async () => {
    const answer = await page('');
    expect(answer.total).toBe(61);
    expect(answer.totalPages).toBe(2);
    expect(answer.data).toHaveLength(50);
    expect(answer.data[0]!.code).toBe('CODE60');
    expect(answer.availableStores).toEqual([{ id: 1, name: 'Aurora GB', countryCode: 'GB', urlSlug: 'aurora-uk' }]);
  });

  it('should say per store whether each code is pending, live, or refused with the reason', async () => {
    const [c60, c59, c58] = (await page('?limit=3')).data;
    expect(c60).toMatchObject({
      id: codeUuid(60),
      influencerName: 'Ivy Influencer',
      createdByUser: { name: 'Max', email: 'max@x.test' },
      deleted: false,
      stores: [{ storeId: 1, storeName: 'Aurora GB', isActive: true, state: 'live', reason: null }],
    });
    expect(c59!.stores).toEqual([
      { storeId: 1, storeName: 'Aurora GB', isActive: false, state: 'conflict', reason: 'Code must be unique' },
    ]);
    expect(c58!.stores[0]).toMatchObject({ state: 'pending', isActive: false });
  });

  it('should page on the server and search code, influencer and creator email', async () => {
    expect((await page('?page=2')).data.map((c) => c.code)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `CODE${String(10 - i).padStart(2, '0')}`),
      'SEED-1',
    ]);
    expect((await page('?search=ivy')).total).toBe(6);
    expect((await page('?search=code0')).total).toBe(9);
    expect((await page('?search=UMA@X')).total).toBe(30);
    expect((await page('?page=9')).data).toEqual([]);
  });

  it('should list the seed code last, marked as the first code, with its state per store (decision 1390)', async () => {
    const last = (await page('?page=2')).data.at(-1);
    expect(last).toMatchObject({
      code: 'SEED-1',
      firstCode: true,
      deleted: false,
      createdByUser: { name: 'Ada Admin', email: 'admin@x.test' },
      stores: [
        { storeId: 2, storeName: 'Aurora DE', isActive: false, state: 'pending', reason: null },
        { storeId: 1, storeName: 'Aurora GB', isActive: true, state: 'live', reason: null },
      ],
    });
    expect((await page('?limit=1')).data[0]!.firstCode).toBe(false);
    expect((await page('?search=seed-1')).data.map((c) => [c.code, c.firstCode])).toEqual([['SEED-1', true]]);
  });

  it("should count the seed code in the total as the list's codeCount does", async () => {
    const res = await t.app.inject({ url: '/api/discounts', headers: user });
    expect(res.statusCode, res.body).toBe(200);
    const listed = discountListSchema.parse(res.json()).data.find((d) => d.id === discountUuid(1));
    expect(listed?.codeCount).toBe(61);
    expect((await page('')).total).toBe(listed?.codeCount);
  });

  it('should answer 404 for a discount of another brand, and 400 for a bad page', async () => {
    const res = await t.app.inject({ url: `/api/discounts/${discountUuid(1)}/codes`, headers: stranger });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ url: `/api/discounts/${discountUuid(1)}/codes?page=0`, headers: user });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/discounts/:id/codes/check-availability', () => {
  it('should say per store which codes are free, held by our discount (by name) or in Shopify from outside', async () => {
    const shop = emulator.shop('aurora-de');
    const [outsider] = shop.discounts.values();
    shop.addCode(outsider!, 'OUTSIDE1');
    const res = await check({ codes: ['FREE1, code01', 'taken1', 'outside1'], stores: [1, 2] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = checkCodesAnswerSchema.parse(res.json());
    expect(answer.canCreate).toBe(false);
    expect(answer.results).toEqual([
      {
        storeId: 1,
        storeName: 'Aurora GB',
        codes: [
          { code: 'FREE1', available: true, takenBy: null },
          { code: 'code01', available: false, takenBy: 'Spring' },
          { code: 'taken1', available: true, takenBy: null },
          { code: 'outside1', available: true, takenBy: null },
        ],
      },
      {
        storeId: 2,
        storeName: 'Aurora DE',
        codes: [
          { code: 'FREE1', available: true, takenBy: null },
          { code: 'code01', available: true, takenBy: null },
          { code: 'taken1', available: false, takenBy: 'Other promo' },
          { code: 'outside1', available: false, takenBy: 'exists in Shopify' },
        ],
      },
    ]);
    expect(answer.conflicts).toEqual([
      { code: 'code01', conflicts: [{ storeId: 1, storeName: 'Aurora GB', takenBy: 'Spring' }] },
      { code: 'taken1', conflicts: [{ storeId: 2, storeName: 'Aurora DE', takenBy: 'Other promo' }] },
      { code: 'outside1', conflicts: [{ storeId: 2, storeName: 'Aurora DE', takenBy: 'exists in Shopify' }] },
    ]);
  });

  it('should answer canCreate when every code is free everywhere', async () => {
    const res = await check({ codes: ['BRANDNEW1'], stores: [1, 2] });
    expect(res.json()).toMatchObject({ canCreate: true, conflicts: [] });
  });

  it("should refuse a store of another brand (400), a foreign discount (404), and give the spec's messages", async () => {
    expect((await check({ codes: ['X1'], stores: [3] })).json()).toEqual({
      message: "Store 3: not a store of this discount's brand.",
    });
    expect((await check({ codes: ['X1'], stores: [1] }, discountUuid(3))).statusCode).toBe(404);
    const empty = await check({ codes: [], stores: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(
      'Invalid body: codes: At least one code is required; stores: Select at least one store.',
    );
  });
});
