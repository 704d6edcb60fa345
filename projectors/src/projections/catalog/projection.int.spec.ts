import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAll, startProjectors } from '../../index';
import { locationsProjection } from '../locations/projection';
import { catalogProjection } from './projection';

const logger = pino({ level: 'silent' });
const at = '2026-01-15T10:00:00.000Z';
const importId = '00000000-0000-4000-8000-000000000001';
const [uk, de, deLocal] = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];
const store = (storeId: number, slug: string) => ({
  type: 'StoreCreated',
  data: {
    storeId,
    name: `Aurora ${slug}`,
    urlSlug: slug,
    shopifyDomain: `${slug}.myshopify.com`,
    brandId: 1,
    countryId: 1,
    createdAt: at,
  },
});
const product = (storeId: number, productId: string, sku: string, hash = 'h1') => ({
  type: 'StoreProductImported',
  data: {
    storeId,
    brandId: 1,
    productId,
    shopifyProductId: `gid://shopify/Product/${productId.slice(0, 4)}`,
    title: `Jacket ${sku}`,
    handle: 'jacket',
    status: 'ACTIVE',
    variants: [{ id: `v-${productId.slice(0, 4)}`, title: 'M', sku }],
    hash,
    importId,
    importedAt: at,
  },
});

let db: TestDatabase;
let events: EventStore;
const project = async () => {
  const running = startProjectors({
    pool: db.pool,
    eventStore: events,
    projections: [locationsProjection, catalogProjection],
    reactors: [],
    logger,
  });
  await running.waitForIdle();
  await running.stop();
};
const rows = async () =>
  (
    await db.pool.query<{ id: string; linked_ids: string[]; linked_stores: unknown[] }>(
      'SELECT id, linked_ids, linked_stores FROM rm.catalog_products ORDER BY id',
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  events = createPostgresEventStore({ pool: db.pool });
  await events.append('locations', [store(1, 'uk'), store(2, 'de')], { expected: 'no_stream' });
  await events.append('store-catalog:1', [product(1, uk, ' aur-001 ')], { expected: 'any' });
  await events.append('store-catalog:2', [product(2, de, 'AUR-001'), product(2, deLocal, 'AUR-DE-9')], {
    expected: 'any',
  });
  await project();
});
afterAll(async () => {
  await events.close();
  await db.drop();
});

describe('When two stores of a brand hold the same normalised SKU', () => {
  it('should link them automatically and keep each side’s link columns', async () => {
    const [a, b, c] = await rows();
    expect(a).toMatchObject({ id: uk, linked_ids: [de], linked_stores: [{ storeId: 2, storeName: 'Aurora de' }] });
    expect(b).toMatchObject({ id: de, linked_ids: [uk], linked_stores: [{ storeId: 1, storeName: 'Aurora uk' }] });
    expect(c).toMatchObject({ id: deLocal, linked_ids: [], linked_stores: [] });
  });
});

describe('When someone removes the automatic link', () => {
  it('should stay removed after a changed re-import and after a replay', async () => {
    const {
      rows: [link],
    } = await db.pool.query<{ id: string }>("SELECT id FROM rm.catalog_links WHERE link_type = 'sku'");
    await events.append(
      'brand-catalog:1',
      [
        {
          type: 'CatalogLinkRemoved',
          data: {
            brandId: 1,
            itemKind: 'product',
            linkId: link!.id,
            linkType: 'sku',
            sourceId: uk,
            targetId: de,
            removedAt: at,
          },
        },
      ],
      { expected: 'any' },
    );
    await events.append('store-catalog:1', [product(1, uk, 'AUR-001', 'h2')], { expected: 'any' });
    await project();
    expect((await rows()).map((r) => r.linked_ids)).toEqual([[], [], []]);

    const before = await rows();
    await rebuildAll({
      pool: db.pool,
      eventStore: events,
      projections: [locationsProjection, catalogProjection],
      logger,
    });
    expect(await rows()).toEqual(before);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM rm.catalog_links')).rows[0]).toEqual({ n: 0 });
  });
});
