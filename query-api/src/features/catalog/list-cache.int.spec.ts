import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { productListSchema } from '@dm/events/http';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { projections, rebuildAll, startProjectors, type Projectors } from '@dm/projectors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListCache, type CachedList } from './list-cache';
import { at, brandEvent, collection, link, mark, product, store, unmark, uuid } from './catalog-test-events';
import { listDocuments, type CatalogList } from './queries';

const logger = pino({ level: 'silent' });
const lists: Record<string, CatalogList> = {
  products: { kind: 'product', availableOnly: true },
  productsAll: { kind: 'product', availableOnly: false },
  collectionsAvailable: { kind: 'collection', availableOnly: true },
  collections: { kind: 'collection', availableOnly: false },
};
let db: TestDatabase;
let events: EventStore;
let projectors: Projectors;
let warm: ReturnType<typeof createListCache>;
const params = (brandId: number) => ({ brandIds: [1, 2], brandId });

const record = async (stream: string, recorded: unknown[]) => {
  await events.append(stream, recorded as Parameters<EventStore['append']>[1], { expected: 'any' });
  await projectors.waitForIdle();
};
/** Reads every list through the long-lived cache and checks each against a full render; how each was made. */
const readAll = async (brandId = 1) => {
  const made: Record<string, CachedList['made']> = {};
  for (const [name, list] of Object.entries(lists)) {
    const cached = await warm(list, params(brandId));
    const documents = await listDocuments(db.pool, list, params(brandId));
    expect(cached.body.toString(), name).toBe(`[${documents.map((d) => d.doc).join(',')}]`);
    made[name] = cached.made;
  }
  return made;
};

const startTheProjectors = () =>
  startProjectors({ pool: db.pool, eventStore: events, projections, reactors: [], logger, tuning: { pollMs: 20 } });

beforeAll(async () => {
  db = await createTestDatabase();
  events = createPostgresEventStore({ pool: db.pool });
  projectors = startTheProjectors();
  await record('locations', [store(1, 1), store(2, 1), store(3, 2)]);
  await record('store-catalog:1', [
    ...Array.from({ length: 12 }, (_, i) => product(i + 1)),
    ...[1, 2, 3].map((n) => collection(n)),
  ]);
  await record(
    'store-catalog:2',
    Array.from({ length: 12 }, (_, i) => product(i + 101)),
  );
  await record(
    'store-catalog:3',
    Array.from({ length: 4 }, (_, i) => product(i + 201)),
  );
  warm = createListCache(db.pool);
});
afterAll(async () => {
  await projectors.stop();
  await events.close();
  await db.drop();
});

describe('When the catalog changes after a list was rendered', () => {
  it('should render each list once, then reuse it while nothing changed', async () => {
    expect(Object.values(await readAll())).toEqual(['rendered', 'rendered', 'rendered', 'rendered']);
    expect(
      productListSchema.parse(JSON.parse((await warm(lists.productsAll!, params(1))).body.toString())),
    ).toHaveLength(24);
    expect(Object.values(await readAll())).toEqual(['reused', 'reused', 'reused', 'reused']);
  });

  it('should patch marks in place, and render the available list an item joins', async () => {
    await record('brand-catalog:1', [mark([1, 2, 103])]);
    expect(await readAll()).toEqual({
      products: 'rendered',
      productsAll: 'patched',
      collectionsAvailable: 'reused',
      collections: 'reused',
    });
    await record('brand-catalog:1', [unmark([2])]);
    expect(await readAll()).toMatchObject({ products: 'patched', productsAll: 'patched' });
  });

  it('should patch links made and removed, and re-imports that keep the title', async () => {
    await record('brand-catalog:1', [link(1, 104)]);
    expect(await readAll()).toMatchObject({ products: 'patched', productsAll: 'patched' });
    await record('brand-catalog:1', [
      brandEvent('CatalogLinkRemoved', {
        linkId: uuid(1001),
        linkType: 'manual',
        sourceId: uuid(1),
        targetId: uuid(104),
        removedAt: at,
      }),
    ]);
    await record('store-catalog:1', [product(3, { sku: 'SKU-7', hash: 'h2' }), collection(2, 9)]);
    expect(await readAll()).toMatchObject({ productsAll: 'patched', collections: 'patched' });
  });

  it('should render afresh when a title changes or an item is added, and reuse lists of other brands', async () => {
    await record('store-catalog:1', [product(5, { title: 'Anorak', hash: 'h3' })]);
    expect(await readAll()).toMatchObject({ productsAll: 'rendered' });
    await record('store-catalog:2', [product(150)]);
    expect(await readAll()).toMatchObject({ productsAll: 'rendered' });
    await readAll(2);
    await record('brand-catalog:2', [mark([201], { brandId: 2 })]);
    expect(await readAll()).toEqual({
      products: 'reused',
      productsAll: 'reused',
      collectionsAvailable: 'reused',
      collections: 'reused',
    });
    await readAll(2);
  });

  it('should match a full render through any sequence of changes, read often or seldom', async () => {
    let seed = 7;
    const pick = (n: number) => ((seed = (seed * 48271) % 2147483647), seed % n);
    const anyProduct = () => (pick(2) ? 1 : 101) + pick(12);
    for (let step = 0; step < 40; step++) {
      const change = pick(6);
      if (change === 0) await record('brand-catalog:1', [mark([anyProduct(), anyProduct()])]);
      if (change === 1) await record('brand-catalog:1', [unmark([anyProduct()])]);
      if (change === 2) await record('brand-catalog:1', [mark([501 + pick(3)], { itemKind: 'collection' })]);
      if (change === 3) await record('brand-catalog:1', [link(1 + pick(12), 101 + pick(12))]);
      if (change === 4)
        await record('store-catalog:1', [product(1 + pick(12), { sku: `SKU-${pick(12)}`, hash: `s${step}` })]);
      if (change === 5)
        await record('store-catalog:2', [product(101 + pick(12), { title: `Jacket ${pick(5)}`, hash: `t${step}` })]);
      if (pick(3) === 0) await readAll();
    }
    await readAll();
  });

  it('should match a full render after the projection was rebuilt', async () => {
    await projectors.stop();
    await rebuildAll({ pool: db.pool, eventStore: events, projections, logger });
    projectors = startTheProjectors();
    await readAll();
    await record('brand-catalog:1', [unmark([1, 103])]);
    await readAll();
  });
});
