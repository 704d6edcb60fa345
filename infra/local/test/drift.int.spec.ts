import {
  eventPositionHeader,
  minPositionHeader,
  type CodeSyncStatus,
  type DiscountDetail,
  type DiscountDriftAnswer,
  type StoreDriftAnswer,
} from '@dm/events/http';
import { createShopifyAdapter, defaultTokenOf, shopDomainOf, type ShopifyStore } from '@dm/shopify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWholeStack, type WholeStack } from './support/whole-stack';

/**
 * Issue 13's drift test, over HTTP end to end: the app as `pnpm start` runs it, admin@ through the gateway, and
 * the Shopify emulator changed behind our back through its own Admin API.
 */
let stack: WholeStack;
let cookie: string;
let discountId: string;
let uk: number;
let de: number;
let emulator: (slug: 'aurora-uk' | 'aurora-de') => ShopifyStore;

/** The highest log position our own writes reached: reads wait for it, as the screens' request helper does. */
let seen = 0n;
const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: stack.url,
      [minPositionHeader]: seen.toString(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const position = response.headers.get(eventPositionHeader);
  if (position && BigInt(position) > seen) seen = BigInt(position);
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
};
const get = async <T>(path: string) => (await call<T>('GET', path)).json;

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Triggers a sync through the API and waits until the store's status shows it completed. */
const sync = async (storeId: number, incremental: boolean) => {
  const before = await get<CodeSyncStatus>(`/api/stores/${storeId}/code-sync/status`);
  const trigger = await call('POST', `/api/stores/${storeId}/code-sync/trigger`, { incremental });
  expect(trigger.status).toBe(202);
  return until(
    () => get<CodeSyncStatus>(`/api/stores/${storeId}/code-sync/status`),
    (s) => s.syncStatus === 'idle' && s.lastSyncAt !== before.lastSyncAt,
    `sync of store ${storeId}`,
  );
};
const driftOf = () => get<DiscountDriftAnswer>(`/api/discounts/${discountId}/drift`);

/** What the emulated store holds of a code's discount: its end, read back over the Admin API. */
const endOf = async (store: ShopifyStore, code: string) => {
  const data = await store.client.request<{
    codeDiscountNodeByCode: { id: string; codeDiscount: { endsAt: string | null } } | null;
  }>(
    `query ($code: String!) { codeDiscountNodeByCode(code: $code) { id codeDiscount { ... on DiscountCodeApp { endsAt } } } }`,
    { code },
    { operation: 'codeDiscountNodeByCode', estimate: 1 },
  );
  return data.codeDiscountNodeByCode;
};

beforeAll(async () => {
  stack = await startWholeStack();
  cookie = await stack.signIn('admin@demo.test');
  const stores = await get<{ id: number; urlSlug: string }[]>('/api/stores');
  uk = stores.find((s) => s.urlSlug === 'aurora-uk')!.id;
  de = stores.find((s) => s.urlSlug === 'aurora-de')!.id;
  const adapter = createShopifyAdapter({
    stores: (['aurora-uk', 'aurora-de'] as const).map((slug) => ({
      slug,
      domain: shopDomainOf(slug),
      token: defaultTokenOf(slug),
    })),
    emulatorUrl: `http://127.0.0.1:${stack.config.ports.shopify}`,
    logger: pino({ level: 'silent' }),
  });
  emulator = (slug) => {
    const found = adapter.store(slug);
    if (!found.ok) throw found.error;
    return found.store;
  };

  const products = await until(
    () => get<{ id: string; name: string }[]>('/api/products/all?brandId=1'),
    (list) => list.some((p) => p.name === 'Aurora Canyon Jacket'),
    'the demo catalog',
  );
  const jacket = products.find((p) => p.name === 'Aurora Canyon Jacket')!;
  expect((await call('POST', '/api/products/mark-for-discount', { brandId: 1, productIds: [jacket.id] })).status).toBe(
    200,
  );
  // The create checks the mark in the catalog read model: a read at our position waits until it shows there.
  expect(
    (await get<{ id: string; isAvailableForDiscount: boolean }[]>('/api/products/all?brandId=1')).find(
      (p) => p.id === jacket.id,
    ),
  ).toMatchObject({ isAvailableForDiscount: true });
  const created = await call<{ id: string }>('POST', '/api/admin/discounts', {
    name: `Drift watch ${Date.now().toString(36)}`,
    discountType: 'multi',
    description: '',
    brandId: 1,
    storeIds: [uk, de],
    createdBy: 'placeholder',
    codes: [],
    productScope: { type: 'all', productIds: [], collectionIds: [] },
    multiConfig: {
      discounts: [{ target: { type: 'product', id: jacket.id, name: jacket.name }, kind: 'percentage', amount: '10' }],
      tieredDiscounting: false,
      tiers: [],
      combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
    },
    conditions: { startDate: '', endDate: '' },
  });
  expect(created).toMatchObject({ status: 201 });
  discountId = created.json.id;
  await until(
    () => get<DiscountDetail>(`/api/discounts/${discountId}`),
    (d) => d.deployments.every((x) => x.status === 'deployed'),
    'the deployments',
  );
  const added = await call('POST', `/api/discounts/${discountId}/codes`, {
    codes: 'DRIFT-A, DRIFT-B',
    stores: [uk, de],
  });
  expect(added.status).toBe(201);
  await until(
    () =>
      get<{ data: { firstCode: boolean; stores: { isActive: boolean }[] }[] }>(
        `/api/discounts/${discountId}/codes?limit=10`,
      ),
    // The two added codes beside the discount's first (seed) code, which the codes page lists too.
    (page) =>
      page.data.filter((c) => !c.firstCode).length === 2 && page.data.every((c) => c.stores.every((s) => s.isActive)),
    'the codes live in both stores',
  );
  await sync(uk, false);
  await sync(de, false);
}, 240_000);
afterAll(async () => stack?.stop());

describe('When the stores hold our discount as our log says', () => {
  it('should report no drift after a full sync', async () => {
    expect(await driftOf()).toEqual({ drift: [] });
  });
});

describe('When a code is deleted and the end date changed in one store behind our back', () => {
  it('should report both after an incremental sync, on that store only', async () => {
    const shop = emulator('aurora-uk');
    const ours = await endOf(shop, 'DRIFT-B');
    const ids = await shop.findCodeIds(ours!.id, ['DRIFT-A']);
    await shop.deleteCodes(ours!.id, [...ids.values()]);
    await shop.client.request(
      `mutation ($id: ID!, $input: DiscountCodeAppInput!) { discountCodeAppUpdate(id: $id, codeAppDiscount: $input) {
         userErrors { message } } }`,
      { id: ours!.id, input: { endsAt: '2031-01-01T00:00:00Z' } },
      { operation: 'discountCodeAppUpdate', estimate: 10 },
    );
    await sync(uk, true);
    await sync(de, true);

    const { drift } = await driftOf();
    expect(drift).toHaveLength(1);
    expect(drift[0]).toMatchObject({
      storeId: uk,
      state: 'drifted',
      differences: {
        deleted: false,
        missingCodes: ['DRIFT-A'],
        unexpectedCodeCount: 0,
        fields: [{ field: 'endsAt', ours: null, shopify: '2031-01-01T00:00:00.000Z' }],
      },
    });
    expect((await get<StoreDriftAnswer>(`/api/stores/${uk}/drift`)).drift).toHaveLength(1);
    expect((await get<StoreDriftAnswer>(`/api/stores/${de}/drift`)).drift).toEqual([]);
    expect((await get<CodeSyncStatus>(`/api/stores/${uk}/code-sync/status`)).driftedDiscounts).toBe(1);
    const detail = await get<DiscountDetail>(`/api/discounts/${discountId}`);
    expect(detail.deployments.map((d) => [d.storeId, d.drift])).toEqual(
      expect.arrayContaining([
        [uk, 'drifted'],
        [de, null],
      ]),
    );
  });

  it('should restore both in the emulator on re-assert, and the next sync reports no drift', async () => {
    const reassert = await call<{ requestId: string }>('POST', `/api/discounts/${discountId}/drift/${uk}/reassert`);
    expect(reassert.status).toBe(202);
    await until(driftOf, (d) => d.drift[0]?.reassert?.state === 'done', 'the re-assertion');
    const shop = emulator('aurora-uk');
    const restored = await endOf(shop, 'DRIFT-A');
    expect(restored?.id).toBe((await endOf(shop, 'DRIFT-B'))?.id);
    expect(restored?.codeDiscount.endsAt).toBeNull();

    await sync(uk, true);
    expect((await driftOf()).drift).toMatchObject([{ storeId: uk, state: 'cleared' }]);
    expect((await get<CodeSyncStatus>(`/api/stores/${uk}/code-sync/status`)).driftedDiscounts).toBe(0);
  });
});

describe("When an admin accepts Shopify's version in the other store", () => {
  it('should keep it: the next sync reports nothing, and the drift answer shows the accepted title', async () => {
    const shop = emulator('aurora-de');
    const ours = await endOf(shop, 'DRIFT-A');
    await shop.client.request(
      `mutation ($id: ID!, $input: DiscountCodeAppInput!) { discountCodeAppUpdate(id: $id, codeAppDiscount: $input) {
         userErrors { message } } }`,
      { id: ours!.id, input: { title: 'Renamed in Shopify' } },
      { operation: 'discountCodeAppUpdate', estimate: 10 },
    );
    await sync(de, true);
    const found = (await driftOf()).drift.find((d) => d.storeId === de);
    expect(found).toMatchObject({
      state: 'drifted',
      differences: { fields: [{ field: 'title', shopify: 'Renamed in Shopify' }] },
    });

    expect((await call('POST', `/api/discounts/${discountId}/drift/${de}/accept`)).status).toBe(204);
    await sync(de, true);
    const accepted = (await driftOf()).drift.find((d) => d.storeId === de);
    expect(accepted).toMatchObject({
      state: 'accepted',
      accepted: { fields: { title: 'Renamed in Shopify' }, deleted: false, by: 'admin@demo.test' },
    });
    expect((await get<CodeSyncStatus>(`/api/stores/${de}/code-sync/status`)).driftedDiscounts).toBe(0);
    const again = await call('POST', `/api/discounts/${discountId}/drift/${de}/accept`);
    expect(again.status).toBe(409);
  });
});
