import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import {
  discountDetailSchema,
  discountListSchema,
  discountStatsSchema,
  type DiscountItem,
  type DiscountList,
} from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import {
  createdAppends,
  creator,
  discountUuid,
  outcomes,
  reservation,
  type TestDiscount,
} from './discount-test-events';

const day = (n: number, hour = 10) => new Date(Date.UTC(2025, 0, 1 + n, hour)).toISOString();

// Brand 1 (Aurora): discounts 1–30, one a day from Jan 2, 2025; 29 and 30 created at the same instant.
// Every third a GWP, the others multis whose first rule is a percentage (n % 3 = 1) or a fixed amount.
// Brand 2 (Borealis): discounts 31–35.
const aurora: TestDiscount[] = Array.from({ length: 30 }, (_, i) => {
  const n = i + 1;
  return {
    n,
    brandId: 1,
    name: `Campaign ${n}`,
    description: n % 5 === 0 ? 'Winter sale for VIP_members, 100% fun' : null,
    kind: n % 3 === 0 ? 'gwp' : n % 3 === 1 ? 'percentage' : 'fixed',
    createdAt: day(Math.min(n, 29)),
    storeIds: n === 1 ? [1, 2] : [1],
  };
});
const borealis: TestDiscount[] = Array.from({ length: 5 }, (_, i) => ({
  n: 31 + i,
  brandId: 2,
  name: `Borealis ${31 + i}`,
  description: null,
  kind: 'percentage',
  createdAt: day(40 + i),
  storeIds: [3],
}));
const first = aurora[0]!;

let t: TestApp;
let eventStore: EventStore;
const as: Record<'super' | 'admin' | 'manager' | 'user', { cookie: string }> = {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  const { commands } = t;
  eventStore = createPostgresEventStore({ pool: t.db.pool });
  for (const name of ['Aurora', 'Borealis']) await commands.registerBrand(name, systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createCountry({ code: 'DE', name: 'Germany', regionId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-de', brandId: 1, brandName: 'Aurora', countryId: 2 }, systemActor);
  await commands.createStore({ urlSlug: 'borealis-uk', brandId: 2, brandName: 'Borealis', countryId: 1 }, systemActor);
  for (const d of [...aurora, ...borealis]) await eventStore.appendMany(createdAppends(d));
  // Discount 1: deployed in aurora-uk, failed in aurora-de; one more code, in aurora-uk only.
  await eventStore.appendMany([
    outcomes(first, [
      {
        type: 'DiscountDeployed',
        data: {
          discountId: discountUuid(1),
          storeId: 1,
          shopifyDiscountId: 'gid://shopify/DiscountCodeNode/1',
          code: 'SEED-1',
          attempt: 1,
          deployedAt: day(1, 11),
        },
      },
      {
        type: 'DiscountDeploymentFailed',
        data: {
          discountId: discountUuid(1),
          storeId: 2,
          reason: 'Product T2 has no equivalent in aurora-de',
          retryable: false,
          attempt: 1,
          failedAt: day(1, 11),
        },
      },
    ]),
    reservation(first, 1, 'EXTRA10'),
  ]);
  await t.waitForProjections();
  as.super = await t.signIn('super@x.test', 'super_admin', [1]);
  as.admin = await t.signIn('admin@x.test', 'admin', [1]);
  as.manager = await t.signIn('manager@x.test', 'manager', [1]);
  as.user = await t.signIn('user@x.test', 'user', [1]);
});
afterAll(async () => {
  await eventStore.close();
  await t.close();
});

const get = (url: string, who: { cookie: string } = as.user) => t.app.inject({ url, headers: who });
const list = async (query: string, who = as.user): Promise<DiscountList> => {
  const res = await get(`/api/discounts${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return discountListSchema.parse(res.json());
};
const numbers = (items: readonly DiscountItem[]) => items.map((d) => Number(d.id.slice(-12)));
/** Brand 1's discounts newest first: 29 and 30 share an instant, so the higher id comes first. */
const newestFirst = [30, 29, ...Array.from({ length: 28 }, (_, i) => 28 - i)];

describe('GET /api/discounts with no query (the dashboard)', () => {
  it("should answer the caller's brands' discounts, newest first, 50 a page", async () => {
    const answer = await list('');
    expect(numbers(answer.data)).toEqual(newestFirst);
    expect(answer).toMatchObject({ total: 30, totalPages: 1 });
  });

  it('should carry every field of the list item, a multi showing its first rule', async () => {
    const item = (await list('')).data.find((d) => d.id === discountUuid(1))!;
    expect(item).toEqual({
      id: discountUuid(1),
      name: 'Campaign 1',
      description: null,
      discountType: 'multi',
      brandId: 1,
      brandName: 'Aurora',
      createdAt: day(1),
      createdBy: creator.userId,
      createdByName: 'Ada Admin',
      amount: null,
      percentage: 15,
      currencySymbol: null,
      codeCount: 2,
      seedCode: 'SEED-1',
      startsAt: null,
      endsAt: null,
      status: 'active',
      // In store-name order: Aurora DE, then Aurora GB.
      deployments: [
        expect.objectContaining({
          storeId: 2,
          storeName: 'Aurora DE',
          countryCode: 'DE',
          urlSlug: 'aurora-de',
          status: 'failed',
          reason: 'Product T2 has no equivalent in aurora-de',
          retryable: false,
        }),
        {
          storeId: 1,
          storeName: 'Aurora GB',
          countryCode: 'GB',
          urlSlug: 'aurora-uk',
          status: 'deployed',
          reason: null,
          retryable: false,
          attempts: 1,
          code: 'SEED-1',
          shopifyDiscountId: 'gid://shopify/DiscountCodeNode/1',
          updatedAt: day(1, 11),
          drift: null,
        },
      ],
    });
    const fixed = (await list('')).data.find((d) => d.id === discountUuid(2))!;
    expect(fixed).toMatchObject({ amount: '5.50', percentage: null, codeCount: 1 });
    expect(fixed.deployments).toEqual([expect.objectContaining({ status: 'pending', reason: null, attempts: 1 })]);
    const gwp = (await list('')).data.find((d) => d.id === discountUuid(3))!;
    expect(gwp).toMatchObject({ discountType: 'gwp', amount: null, percentage: null });
  });
});

describe('GET /api/discounts paging', () => {
  it('should walk every discount once, in order, page by page', async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => list(`?limit=7&page=${page}`)));
    expect(pages.map((p) => p.data.length)).toEqual([7, 7, 7, 7, 2]);
    expect(pages.every((p) => p.total === 30 && p.totalPages === 5)).toBe(true);
    expect(numbers(pages.flatMap((p) => p.data))).toEqual(newestFirst);
  });

  it('should answer a page past the end with no items and the real total', async () => {
    expect(await list('?limit=7&page=6')).toEqual({ data: [], total: 30, totalPages: 5 });
  });

  it('should refuse a page or limit out of range with a message', async () => {
    for (const [query, message] of [
      ['?page=0', 'page must be a whole number from 1.'],
      ['?limit=201', 'limit is at most 200.'],
      ['?limit=x', 'limit must be a whole number from 1.'],
    ]) {
      const res = await get(`/api/discounts${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });
});

describe('GET /api/discounts filters', () => {
  it('should search name and description case-insensitively, wildcards taken literally', async () => {
    expect(numbers((await list('?search=CAMPAIGN%201')).data).sort((a, b) => a - b)).toEqual([
      1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    const described = [5, 10, 15, 20, 25, 30];
    expect(numbers((await list('?search=vip_members')).data).sort((a, b) => a - b)).toEqual(described);
    expect(numbers((await list('?search=100%25')).data).sort((a, b) => a - b)).toEqual(described);
    expect((await list('?search=_')).total).toBe(6);
    expect((await list('?search=%25')).total).toBe(6);
    expect((await list('?search=nothing-like-it')).total).toBe(0);
    expect((await list('?search=')).total).toBe(30);
  });

  it('should filter by type as stored, percentage and fixed_amount by the first rule of a multi', async () => {
    const of = async (type: string) => numbers((await list(`?type=${type}`)).data).sort((a, b) => a - b);
    const where = (rest: number) => aurora.filter((d) => d.n % 3 === rest).map((d) => d.n);
    expect(await of('gwp')).toEqual(where(0));
    expect(await of('percentage')).toEqual(where(1));
    expect(await of('fixed_amount')).toEqual(where(2));
    expect(await of('multi')).toEqual([...where(1), ...where(2)].sort((a, b) => a - b));
    expect((await list('?type=all')).total).toBe(30);
    expect((await get('/api/discounts?type=bogo')).statusCode).toBe(400);
  });

  it('should filter by creation day, dateTo inclusive to the end of that day', async () => {
    // Discount n was created on Jan 1 + n, 2025, at 10:00 UTC.
    expect(numbers((await list('?dateFrom=2025-01-05&dateTo=2025-01-07')).data)).toEqual([6, 5, 4]);
    expect(numbers((await list('?dateTo=2025-01-03')).data)).toEqual([2, 1]);
    expect((await list('?dateFrom=2025-01-30')).total).toBe(2);
  });

  it('should take instants as given: the end of a day in the browser time zone', async () => {
    expect(numbers((await list('?dateFrom=2025-01-05&dateTo=2025-01-07T09:59:59.999Z')).data)).toEqual([5, 4]);
    // The end of Jan 6 at UTC-12 is Jan 7, 11:59 UTC: discount 6 (Jan 7, 10:00 UTC) was created that day there.
    const endOfDay = encodeURIComponent('2025-01-06T23:59:59.999-12:00');
    expect(numbers((await list(`?dateFrom=2025-01-05&dateTo=${endOfDay}`)).data)).toEqual([6, 5, 4]);
    expect((await list('?dateFrom=2025-01-08&dateTo=2025-01-07')).total).toBe(0);
    expect((await list(`?dateFrom=${encodeURIComponent('-271821-04-20T00:00:00Z')}`)).total).toBe(30);
    expect((await list(`?dateTo=${encodeURIComponent('+275760-09-13T00:00:00Z')}`)).total).toBe(30);
    for (const query of ['dateFrom=someday', 'dateFrom=2025-13-45', 'dateTo=2025-02-99']) {
      const bad = await get(`/api/discounts?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/date(From|To) must be a date like 2025-01-05\./);
    }
  });

  it('should combine filters and page through the result', async () => {
    const answer = await list('?type=percentage&search=campaign&dateFrom=2025-01-05&limit=3&page=2');
    expect(answer.total).toBe(aurora.filter((d) => d.n % 3 === 1 && d.n >= 4).length);
    expect(numbers(answer.data)).toEqual([19, 16, 13]);
  });
});

describe('GET /api/discounts brand scope, at each level', () => {
  it('should answer every level its own brands only', async () => {
    for (const who of [as.user, as.manager, as.admin]) {
      const answer = await list('', who);
      expect(answer.total).toBe(30);
      expect(answer.data.every((d) => d.brandId === 1)).toBe(true);
    }
  });

  it('should answer a super admin every brand, narrowed by brandId', async () => {
    const all = await list('', as.super);
    expect(all.total).toBe(35);
    expect(numbers(all.data.slice(0, 5))).toEqual([35, 34, 33, 32, 31]);
    const borealisOnly = await list('?brandId=2', as.super);
    expect(borealisOnly.total).toBe(5);
    expect(borealisOnly.data.every((d) => d.brandName === 'Borealis')).toBe(true);
  });

  it('should refuse a foreign brandId with 403, and a signed-out caller with 401', async () => {
    const foreign = await get('/api/discounts?brandId=2');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'You do not have access to brand 2.' });
    expect((await get('/api/discounts?brandId=1')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/discounts' })).statusCode).toBe(401);
  });
});

describe('GET /api/discounts/:id', () => {
  it('should answer the item with its whole configuration and every store', async () => {
    const res = await get(`/api/discounts/${discountUuid(1)}`);
    expect(res.statusCode).toBe(200);
    const detail = discountDetailSchema.parse(res.json());
    const fromList = (await list('')).data.find((d) => d.id === discountUuid(1));
    expect(detail).toMatchObject({ ...fromList, createdByEmail: 'admin@x.test', endedAt: null });
    expect(detail.rules.map((r) => r.kind)).toEqual(['percentage', 'fixed']);
    expect(detail.productScope).toEqual({ type: 'all', productIds: [], collectionIds: [] });
    expect(detail.combinesWith).toEqual({ orderDiscounts: true, productDiscounts: true, shippingDiscounts: false });
    expect(detail.gwp).toBeNull();
    const gwp = discountDetailSchema.parse((await get(`/api/discounts/${discountUuid(3)}`)).json());
    expect(gwp.gwp).toMatchObject({ requiredType: 'product', giftProductIds: [discountUuid(9004)] });
  });

  it("should answer 404 for another brand's discount and for a missing one, 400 for a malformed id", async () => {
    for (const id of [discountUuid(31), discountUuid(999)]) {
      const res = await get(`/api/discounts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'This discount was not found.' });
    }
    expect((await get(`/api/discounts/${discountUuid(31)}`, as.super)).statusCode).toBe(200);
    const bad = await get('/api/discounts/42');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('The discount id in the address must be a UUID.');
  });
});

describe('GET /api/discounts/stats', () => {
  const stats = async (query: string, who = as.user) => {
    const res = await get(`/api/discounts/stats${query}`, who);
    expect(res.statusCode).toBe(200);
    return discountStatsSchema.parse(res.json());
  };

  it("should count the caller's discounts and their distinct codes", async () => {
    // Every seed code once per discount (discount 1's in two stores), plus discount 1's EXTRA10.
    expect(await stats('')).toEqual({ totalDiscounts: 30, totalCodes: 31, activeDiscounts: 30 });
    expect(await stats('', as.super)).toEqual({ totalDiscounts: 35, totalCodes: 36, activeDiscounts: 35 });
    expect(await stats('?brandId=2', as.super)).toEqual({ totalDiscounts: 5, totalCodes: 5, activeDiscounts: 5 });
  });

  it('should not count an ended discount as active, nor an expired or a scheduled one', async () => {
    const ended = borealis[4]!;
    const expired = { ...borealis[0]!, n: 36, name: 'Borealis expired', endsAt: day(2) };
    const scheduled = { ...borealis[0]!, n: 37, name: 'Borealis scheduled', startsAt: '2999-01-01T00:00:00.000Z' };
    await eventStore.appendMany([
      outcomes(ended, [
        { type: 'DiscountEnded', data: { discountId: discountUuid(ended.n), endedBy: creator, endedAt: day(50) } },
      ]),
    ]);
    await eventStore.appendMany(createdAppends(expired));
    await eventStore.appendMany(createdAppends(scheduled));
    await t.waitForProjections();
    expect(await stats('?brandId=2', as.super)).toMatchObject({ totalDiscounts: 7, activeDiscounts: 4 });
    expect(await stats('', as.super)).toMatchObject({ totalDiscounts: 37, activeDiscounts: 34 });
  });

  it('should refuse a foreign brandId with 403', async () => {
    expect((await get('/api/discounts/stats?brandId=2')).statusCode).toBe(403);
  });
});

describe('Read-your-writes', () => {
  it('should wait for the projections to pass x-min-position before answering', async () => {
    await t.pauseProjections();
    const fresh: TestDiscount = { ...first, n: 50, name: 'Fresh', createdAt: day(60) };
    const appended = await eventStore.appendMany(createdAppends(fresh));
    const read = t.app.inject({
      url: '/api/discounts?limit=1',
      headers: { ...as.user, 'x-min-position': String(appended.at(-1)!.lastPosition) },
    });
    setTimeout(t.resumeProjections, 300);
    const answer = discountListSchema.parse((await read).json());
    expect(answer.data.map((d) => d.name)).toEqual(['Fresh']);
    expect(answer.total).toBe(31);
  });
});
