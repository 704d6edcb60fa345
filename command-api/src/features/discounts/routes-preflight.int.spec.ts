import { discountStream, parseDomainEvent } from '@dm/events';
import { preflightAnswerSchema } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogWorld, type CatalogWorld } from '../../../test/catalog-world';

/**
 * Issue 24's case: a discount on "Best Sellers" for Aurora GB and Aurora DE. Each store has its own Best Sellers
 * (same handle), imported from the Shopify emulator and linked by nobody, so DE has no equivalent of GB's until
 * a person links the two: the pre-flight names the gap before Confirm and offers DE's as the equivalent; after
 * the link the create deploys to both stores through the real deployment reactor.
 */
let world: CatalogWorld;
let admin: { cookie: string; origin: string };
let uk: number;
let de: number;
let bestSellersUk: { id: string; title: string };
let bestSellersDe: { id: string; title: string; handle: string };

const post = (url: string, payload: unknown, as: { cookie: string; origin: string } = admin) =>
  world.app.inject({ method: 'POST', url, headers: as, payload: payload as Record<string, unknown> });

const discount = (name: string, storeIds: number[], brandId = 1) => ({
  name,
  discountType: 'multi',
  description: '',
  brandId,
  storeIds,
  createdBy: 'placeholder',
  codes: [],
  productScope: { type: 'all', productIds: [], collectionIds: [] },
  multiConfig: {
    discounts: [
      { target: { type: 'collection', id: bestSellersUk.id, name: 'Best Sellers' }, kind: 'percentage', amount: '15' },
    ],
    tieredDiscounting: false,
    tiers: [],
  },
  conditions: { startDate: '', endDate: '' },
});

const collectionIn = async (storeId: number, handle: string) =>
  (
    await world.db.pool.query<{ id: string; title: string; handle: string }>(
      'SELECT id, title, handle FROM rm.catalog_collections WHERE store_id = $1 AND handle = $2',
      [storeId, handle],
    )
  ).rows[0]!;

/** The deployment outcomes of a discount, once every store it targets has one (the reactor works after the answer). */
const outcomesOf = async (discountId: string, stores: number) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const events = (await world.eventStore.readStream(discountStream(discountId))).map(parseDomainEvent);
    const outcomes = events.filter((e) => e.type === 'DiscountDeployed' || e.type === 'DiscountDeploymentFailed');
    if (outcomes.length >= stores) return outcomes;
    if (Date.now() > deadline)
      throw new Error(`No outcome in every store: ${JSON.stringify(events.map((e) => e.type))}`);
    await world.projectors.waitForIdle();
  }
};

beforeAll(async () => {
  world = await buildCatalogWorld();
  admin = await world.signIn('admin@x.test', 'admin', [1]);
  [uk, de] = [world.stores['aurora-uk']!, world.stores['aurora-de']!];
  for (const storeId of [uk, de]) {
    expect((await post('/api/collections/import', { brandId: 1, storeId })).statusCode).toBeLessThan(300);
  }
  await world.projectors.waitForIdle();
  bestSellersUk = await collectionIn(uk, 'best-sellers');
  bestSellersDe = await collectionIn(de, 'best-sellers');
  const marked = await post('/api/collections/mark-for-discount', { brandId: 1, collectionIds: [bestSellersUk.id] });
  expect(marked.statusCode).toBe(200);
  await world.projectors.waitForIdle();
}, 120_000);
afterAll(async () => world?.close());

describe('When a discount names a collection the DE store has no equivalent of', () => {
  it('should name the missing collection for DE before Confirm and offer the DE collection with the same handle', async () => {
    const response = await post('/api/admin/discounts/preflight', discount('Best of GB and DE', [uk, de]));
    expect(response.statusCode, response.body).toBe(200);
    expect(preflightAnswerSchema.parse(response.json())).toEqual({
      stores: [
        { storeId: uk, storeName: expect.any(String), missing: [] },
        {
          storeId: de,
          storeName: expect.any(String),
          missing: [
            {
              kind: 'collection',
              id: bestSellersUk.id,
              title: 'Best Sellers',
              role: 'rule',
              offers: [{ id: bestSellersDe.id, title: bestSellersDe.title, handle: 'best-sellers' }],
            },
          ],
        },
      ],
      deployableStoreIds: [uk],
    });
  });

  it('should refuse a create for DE alone with 409, naming the store and the collection, and record nothing', async () => {
    const before = await world.count('SELECT 1 FROM es.events');
    const response = await post('/api/admin/discounts', discount('Only DE', [de]));
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(
      /^No chosen store has an equivalent of everything this discount names: Aurora DE has no equivalent of collection "Best Sellers"\./,
    );
    expect(await world.count('SELECT 1 FROM es.events')).toBe(before);
  });

  it('should refuse a pre-flight for a brand outside the caller’s, and an invalid body, as 403 and 400', async () => {
    expect((await post('/api/admin/discounts/preflight', discount('Elsewhere', [], 2))).statusCode).toBe(403);
    const bad = await post('/api/admin/discounts/preflight', { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
  });
});

describe('When a person links the offered collection and creates the discount', () => {
  it('should find nothing missing and deploy to both stores', async () => {
    const linked = await post('/api/collections/link', {
      brandId: 1,
      sourceCollectionId: bestSellersUk.id,
      targetCollectionId: bestSellersDe.id,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    await world.projectors.waitForIdle();

    const preflight = preflightAnswerSchema.parse(
      (await post('/api/admin/discounts/preflight', discount('Best of GB and DE', [uk, de]))).json(),
    );
    expect(preflight.stores.map((s) => s.missing)).toEqual([[], []]);
    expect(preflight.deployableStoreIds).toEqual([uk, de]);

    const created = await post('/api/admin/discounts', discount('Best of GB and DE', [uk, de]));
    expect(created.statusCode, created.body).toBe(201);
    const outcomes = await outcomesOf(created.json<{ id: string }>().id, 2);
    expect(outcomes.map((e) => [e.type, (e.data as { storeId: number }).storeId])).toEqual(
      expect.arrayContaining([
        ['DiscountDeployed', uk],
        ['DiscountDeployed', de],
      ]),
    );
  });
});
