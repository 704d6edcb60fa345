import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { storeCatalogStream } from '@dm/events';
import { discountDetailSchema, discountListSchema } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createdAppends, discountUuid, type TestDiscount } from './discount-test-events';

/**
 * Issue 24: the catalog import records each store's currency, so a discount shows its stores' currency symbol.
 * Aurora GB imported in GBP, Aurora DE in EUR; Aurora US never imported (no currency known).
 */
let t: TestApp;
let eventStore: EventStore;
let user: { cookie: string };

const discount = (n: number, storeIds: number[]): TestDiscount => ({
  n,
  brandId: 1,
  name: `Campaign ${n}`,
  description: null,
  kind: 'fixed',
  createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
  storeIds,
});

const imported = (storeId: number, currencyCode: string) => ({
  type: 'StoreProductImported',
  data: {
    storeId,
    brandId: 1,
    productId: `50000000-0000-4000-8000-00000000000${storeId}`,
    shopifyProductId: `gid://shopify/Product/${storeId}`,
    title: 'Linen Shirt',
    handle: 'linen-shirt',
    status: 'ACTIVE',
    variants: [{ id: `gid://shopify/ProductVariant/${storeId}`, title: 'M', sku: 'LS-1', price: '49.90' }],
    currencyCode,
    hash: `h${storeId}`,
    importId: '90000000-0000-4000-8000-000000000001',
    importedAt: '2025-01-01T00:00:00.000Z',
  },
});

beforeAll(async () => {
  t = await buildTestApp();
  const { commands } = t;
  eventStore = createPostgresEventStore({ pool: t.db.pool });
  await commands.registerBrand('Aurora', systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  for (const [code, slug] of [
    ['GB', 'aurora-uk'],
    ['DE', 'aurora-de'],
    ['US', 'aurora-us'],
  ] as const) {
    await commands.createCountry({ code, name: code, regionId: 1 }, systemActor);
    const countryId = [...(await commands.readLocations()).countries.values()].find((c) => c.code === code)!.id;
    await commands.createStore({ urlSlug: slug, brandId: 1, brandName: 'Aurora', countryId }, systemActor);
  }
  await eventStore.append(storeCatalogStream(1), [imported(1, 'GBP')], { expected: 'no_stream' });
  await eventStore.append(storeCatalogStream(2), [imported(2, 'EUR')], { expected: 'no_stream' });
  for (const d of [discount(1, [1]), discount(2, [1, 2]), discount(3, [3]), discount(4, [1, 3])])
    await eventStore.appendMany(createdAppends(d));
  await t.waitForProjections();
  user = await t.signIn('user@x.test', 'user', [1]);
});
afterAll(async () => {
  await eventStore.close();
  await t.close();
});

const detail = async (n: number) => {
  const res = await t.app.inject({ url: `/api/discounts/${discountUuid(n)}`, headers: user });
  expect(res.statusCode, res.body).toBe(200);
  return discountDetailSchema.parse(res.json());
};

describe('When the stores of a discount have a currency from their catalog import', () => {
  it('should show the symbol of the one currency its stores share', async () => {
    expect((await detail(1)).currencySymbol).toBe('£');
    const res = await t.app.inject({ url: '/api/discounts', headers: user });
    const listed = discountListSchema.parse(res.json()).data.find((d) => d.id === discountUuid(1));
    expect(listed?.currencySymbol).toBe('£');
  });

  it('should show no single symbol for stores of different currencies, and each store its own', async () => {
    const d = await detail(2);
    expect(d.currencySymbol).toBeNull();
    expect(d.deployments.map((x) => [x.storeName, x.currencyCode, x.currencySymbol])).toEqual([
      ['Aurora DE', 'EUR', '€'],
      ['Aurora GB', 'GBP', '£'],
    ]);
  });

  it('should not guess a currency for a store that never recorded one', async () => {
    expect((await detail(3)).currencySymbol).toBeNull();
    expect((await detail(4)).currencySymbol).toBeNull();
  });
});
