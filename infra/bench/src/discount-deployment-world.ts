import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@dm/event-store';
import { brandCatalogStream, catalogImportStream, codeReservationStream, discountStream } from '@dm/events';
import { shopDomainOf } from '@dm/shopify';
import type pg from 'pg';
import { until } from './until';

const at = '2026-03-01T09:00:00.000Z';

const append = (eventStore: EventStore, streamId: string, events: NewEvent[]) =>
  eventStore.append(streamId, events, { expected: 'any' });

const count = async (db: pg.Pool, type: string) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM es.events WHERE type = $1', [type])).rows[0]!.n);

/**
 * The stores as locations records them and their catalogs imported from the emulator by the real import reactor
 * (shared products linked by SKU); the stores' 'Jackets' collections linked by hand, as staff would.
 */
export const givenStores = async (
  db: pg.Pool,
  eventStore: EventStore,
  slugs: readonly string[],
  settle: () => Promise<void>,
) => {
  for (const [i, slug] of slugs.entries()) {
    const storeId = i + 1;
    const data = {
      storeId,
      name: slug,
      urlSlug: slug,
      shopifyDomain: shopDomainOf(slug),
      brandId: 1,
      countryId: 1,
      createdAt: at,
    };
    await append(eventStore, 'locations', [{ type: 'StoreCreated', data }]);
    for (const kind of ['products', 'collections'] as const) {
      const importId = randomUUID();
      await append(eventStore, catalogImportStream(importId), [
        {
          type: 'CatalogImportRequested',
          data: { importId, kind, brandId: 1, storeId, storeSlug: slug, requestedAt: at },
        },
      ]);
    }
  }
  await until(async () => (await count(db, 'CatalogImportSucceeded')) === slugs.length * 2, 300_000, 'the bench world');
  await settle();
  const jackets = async () =>
    (await db.query<{ id: string }>("SELECT id FROM rm.catalog_collections WHERE title = 'Jackets' ORDER BY store_id"))
      .rows;
  const ids = (await jackets()).map((r) => r.id);
  if (ids.length !== slugs.length) throw new Error(`Expected a Jackets collection in each of ${slugs.length} stores`);
  for (let i = 1; i < ids.length; i++) {
    const data = {
      brandId: 1,
      itemKind: 'collection',
      linkId: randomUUID(),
      sourceId: ids[0]!,
      targetId: ids[i]!,
      linkedAt: at,
    };
    await append(eventStore, brandCatalogStream(1), [{ type: 'CatalogItemsLinked', data }]);
  }
  await settle();
  const item = async (table: string, title: string) =>
    (
      await db.query<{ id: string; title: string }>(
        `SELECT id, title FROM ${table} WHERE store_id = 1 AND title LIKE $1 ORDER BY title LIMIT 1`,
        [title],
      )
    ).rows[0]!;
  return {
    runner: await item('rm.catalog_products', '% Runner'),
    jackets: await item('rm.catalog_collections', 'Jackets'),
  };
};

/** What the write side appends on create: the discount, a deployment request per store, the seed reserved in each. */
export const givenMultiDiscount = async (
  eventStore: EventStore,
  storeIds: readonly number[],
  rules: readonly {
    target: { type: 'product' | 'collection'; id: string; name: string };
    kind: 'percentage';
    amount: string;
  }[],
  { name = 'Bench Deploy', seedCode = 'BENCH-DEPLOY' }: { name?: string; seedCode?: string } = {},
) => {
  const discountId = randomUUID();
  const metadata = { actorId: 'bench', brandId: 1, correlationId: discountId };
  const data = {
    discountId,
    brandId: 1,
    name,
    description: null,
    discountType: 'multi',
    productScope: { type: 'all', productIds: [], collectionIds: [] },
    rules,
    gwp: null,
    startsAt: at,
    endsAt: null,
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
    storeIds,
    seedCode,
    createdBy: { userId: 'bench', name: 'Bench', email: null },
    createdAt: at,
  };
  await eventStore.appendMany([
    {
      streamId: discountStream(discountId),
      expected: 'no_stream',
      events: [
        { type: 'DiscountCreated', data, metadata },
        ...storeIds.map((storeId) => ({
          type: 'DiscountDeploymentRequested',
          data: { discountId, storeId, attempt: 1, requestedAt: at },
          metadata,
        })),
      ],
    },
    ...storeIds.map((storeId) => ({
      streamId: codeReservationStream(storeId, seedCode),
      expected: 'no_stream' as const,
      events: [
        { type: 'CodeReserved', data: { storeId, code: seedCode, discountId, brandId: 1, reservedAt: at }, metadata },
      ],
    })),
  ]);
  return discountId;
};
