import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@dm/event-store';
import { brandCatalogStream, catalogImportStream, discountStream } from '@dm/events';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import {
  createShopifyAdapter,
  shopDomainOf,
  startShopifyEmulator,
  type ShopifyAdapter,
  type ShopifyEmulator,
  type StoreConfig,
} from '@dm/shopify';
import { pino } from 'pino';
import { createEventStore } from '../../src/create-store';
import { createReactors, projections, startProjectors, type Projectors } from '../../src/index';
import { eventually } from '../fixtures/eventually';

/**
 * Five Aurora stores: aurora-fr has no discount Function configured (the company's app is not there yet), aurora-it
 * one Shopify does not know (a wrong id in its variable).
 */
export const slugs = ['aurora-uk', 'aurora-de', 'aurora-us', 'aurora-fr', 'aurora-it'] as const;
export type Slug = (typeof slugs)[number];
export const storeIds: Record<Slug, number> = {
  'aurora-uk': 1,
  'aurora-de': 2,
  'aurora-us': 3,
  'aurora-fr': 4,
  'aurora-it': 5,
};
export const wrongFunctionId = 'gid://shopify/ShopifyFunction/not-deployed-here';
export const at = '2026-03-01T09:00:00.000Z';
const silent = pino({ level: 'silent' });

/** What the reactor reaches the emulator with: each store's token and Function id (none for aurora-fr). */
export const storeConfigs = (emulator: ShopifyEmulator) =>
  slugs.map((slug): StoreConfig => ({
    slug,
    domain: shopDomainOf(slug),
    token: emulator.tokens[slug] ?? null,
    functionId:
      slug === 'aurora-fr' ? null : slug === 'aurora-it' ? wrongFunctionId : (emulator.functionIds[slug] ?? null),
  }));

export const fastPolicy = { minDelayMs: 1, maxDelayMs: 5, pollIntervalMs: 5 };

export const startDeploymentProjectors = (db: TestDatabase, eventStore: EventStore, shopify: ShopifyAdapter) =>
  startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: createReactors({ shopify, eventStore, db: db.pool }),
    logger: silent,
    tuning: { pollMs: 50, lockRetryMs: 100, effectBackoff: () => 5 },
  });

const append = (eventStore: EventStore, streamId: string, events: NewEvent[]) =>
  eventStore.append(streamId, events, { expected: 'any' });

/**
 * The given world of the deployment tests: the stores (as locations would record them), their catalogs imported
 * from the emulator by the real import reactor (shared products linked by SKU), and the 'Jackets' collections
 * linked by hand as a chain uk–de–us–fr, so an equivalent is found through the whole group.
 */
export const buildWorld = async () => {
  const db = await createTestDatabase();
  const eventStore = createEventStore(db.pool, db.url);
  const emulator = await startShopifyEmulator({
    shops: slugs.map((slug) => ({ slug, brandId: 1, countryCode: slug.slice(-2).toUpperCase() })),
    codesPerShop: 0,
  });
  const shopify = createShopifyAdapter({
    stores: storeConfigs(emulator),
    emulatorUrl: emulator.url,
    policy: fastPolicy,
  });
  let projectors: Projectors | null = startDeploymentProjectors(db, eventStore, shopify);

  for (const slug of slugs) {
    const storeId = storeIds[slug];
    await append(eventStore, 'locations', [
      {
        type: 'StoreCreated',
        data: {
          storeId,
          name: `Aurora ${slug.slice(-2).toUpperCase()}`,
          urlSlug: slug,
          shopifyDomain: shopDomainOf(slug),
          brandId: 1,
          countryId: 1,
          createdAt: at,
        },
      },
    ]);
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
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) x`, params)).rows[0]!.n);
  await eventually(
    async () => (await count("SELECT 1 FROM es.events WHERE type = 'CatalogImportSucceeded'")) === slugs.length * 2,
  );
  await projectors.waitForIdle();

  const itemIn = async (kind: 'product' | 'collection', slug: Slug, titleLike: string) => {
    const table = kind === 'product' ? 'rm.catalog_products' : 'rm.catalog_collections';
    const { rows } = await db.pool.query<{ id: string; title: string; shopify_id: string }>(
      `SELECT id, title, ${kind === 'product' ? 'shopify_product_id' : 'shopify_collection_id'} AS shopify_id
       FROM ${table} WHERE store_id = $1 AND title LIKE $2 ORDER BY title LIMIT 1`,
      [storeIds[slug], titleLike],
    );
    if (!rows[0]) throw new Error(`No ${kind} like ${titleLike} in ${slug}`);
    return rows[0];
  };
  const jackets = await Promise.all(slugs.map((slug) => itemIn('collection', slug, 'Jackets')));
  for (let i = 1; i < jackets.length; i++) {
    await append(eventStore, brandCatalogStream(1), [
      {
        type: 'CatalogItemsLinked',
        data: {
          brandId: 1,
          itemKind: 'collection',
          linkId: randomUUID(),
          sourceId: jackets[i - 1]!.id,
          targetId: jackets[i]!.id,
          linkedAt: at,
        },
      },
    ]);
  }
  await projectors.waitForIdle();

  /** Shopify's answer to a query in one store, over HTTP. */
  const gql = async <T>(slug: Slug, query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await fetch(`${emulator.url}/admin/api/2026-07/graphql.json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': emulator.tokens[slug]!,
        'x-emulated-shop': shopDomainOf(slug),
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data: T; errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };

  const streamOf = (discountId: string) => eventStore.readStream(discountStream(discountId));
  const outcomesOf = async (discountId: string) =>
    (await streamOf(discountId)).filter((e) => e.type === 'DiscountDeployed' || e.type === 'DiscountDeploymentFailed');

  return {
    db,
    eventStore,
    emulator,
    shopify,
    itemIn,
    gql,
    count,
    streamOf,
    outcomesOf,
    get projectors() {
      return projectors;
    },
    stopProjectors: async () => {
      await projectors?.stop();
      projectors = null;
    },
    restartProjectors: () => {
      projectors ??= startDeploymentProjectors(db, eventStore, shopify);
    },
    close: async () => {
      await projectors?.stop();
      await eventStore.close();
      await emulator.stop();
      await db.drop();
    },
  };
};
export type World = Awaited<ReturnType<typeof buildWorld>>;
