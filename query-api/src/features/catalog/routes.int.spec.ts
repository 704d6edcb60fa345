import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import {
  collectionLinkListSchema,
  collectionListSchema,
  productLinkListSchema,
  productListSchema,
} from '@dm/events/http';
import { createTestDatabase } from '@dm/postgres/testing';
import { createReactors, projections, startProjectors } from '@dm/projectors';
import { createSession } from '@dm/server-kit';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';

const shops = [
  { slug: 'aurora-uk', brandId: 1, countryCode: 'GB' },
  { slug: 'aurora-de', brandId: 1, countryCode: 'DE' },
];
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;
let cookie: string;
let slowImportId: string;
let markAndProject: (ids: string[]) => Promise<void>;

beforeAll(async () => {
  const db = await createTestDatabase();
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const emulator = await startShopifyEmulator({ port: 0, shops, codesPerShop: 0 });
  const shopify = createShopifyAdapter({
    stores: shops.map((s) => ({ slug: s.slug, domain: shopDomainOf(s.slug), token: emulator.tokens[s.slug] ?? null })),
    emulatorUrl: emulator.url,
    logger: pino({ level: 'silent' }),
  });
  const commands = createCommandBus({ eventStore, hasShopifyToken: (slug) => slug in emulator.tokens });
  const projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: createReactors({ shopify, eventStore }),
    logger: pino({ level: 'silent' }),
    tuning: { pollMs: 50 },
  });
  app = await buildApp({ db: db.pool, publicUrl: 'http://localhost:3000', projections, logLevel: 'silent' });
  await commands.registerBrand('Aurora');
  await commands.registerBrand('Borealis');
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-de', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  for (const storeId of [1, 2]) await commands.importCatalog({ kind: 'products', brandId: 1, storeId }, systemActor);
  await commands.importCatalog({ kind: 'collections', brandId: 1, storeId: 1 }, systemActor);
  // An import the caller stops waiting for at once: the 202 path.
  const impatient = createCommandBus({ eventStore, hasShopifyToken: () => true, importWaitMs: 0 });
  slowImportId = (await impatient.importCatalog({ kind: 'collections', brandId: 1, storeId: 2 }, systemActor)).importId;
  await commands.grantPermission({ email: 'admin@x.test', permissionLevel: 'admin', brandIds: [1] }, systemActor);
  await commands.grantPermission({ email: 'manager@x.test', permissionLevel: 'manager', brandIds: [1] }, systemActor);
  await projectors.waitForIdle();
  await projectors.waitForIdle();
  const session = (email: string) =>
    createSession(db.pool, {
      email,
      userId: email,
      firstName: 'A',
      lastName: 'B',
      profileImageUrl: null,
      idToken: null,
    });
  cookie = `dm_session=${await session('admin@x.test')}`;
  markAndProject = async (ids) => {
    await commands.markCatalogItems(
      { brandId: 1, itemKind: 'product', itemIds: ids, foundIds: ids },
      true,
      systemActor,
    );
    await projectors.waitForIdle();
  };
  managerCookie = `dm_session=${await session('manager@x.test')}`;
  close = async () => {
    await projectors.stop();
    await app.close();
    await eventStore.close();
    await emulator.stop();
    await db.drop();
  };
}, 60_000);
let managerCookie: string;
afterAll(async () => close());

const get = (url: string, as = cookie) => app.inject({ method: 'GET', url, headers: { cookie: as } });

describe('When a brand has an imported catalog', () => {
  it('should list every product with its linked stores, and none as available yet', async () => {
    const all = productListSchema.parse((await get('/api/products/all?brandId=1')).json());
    expect(all).toHaveLength(32);
    const shared = all.find((p) => p.linkedProductIds.length > 0)!;
    expect(shared.stores.map((s) => s.storeName)).toHaveLength(2);
    expect(shared.linkedStores).toHaveLength(1);
    expect(shared.variants.length).toBeGreaterThan(0);
    expect(shared.skuNormalized).toBe(shared.sku?.replace(/\s+/g, '').toUpperCase());
    expect(productListSchema.parse((await get('/api/products?brandId=1')).json())).toEqual([]);
  });

  it('should list collections and links', async () => {
    const collections = await get('/api/collections?brandId=1');
    expect(collections.headers['content-type']).toContain('application/json');
    expect(collectionListSchema.parse(collections.json())).toHaveLength(8);
    expect((await get('/api/collections/available?brandId=1')).json()).toEqual([]);
    const links = productLinkListSchema.parse((await get('/api/products/links?brandId=1')).json());
    expect(links).toHaveLength(12);
    expect(links.every((l) => l.linkType === 'sku')).toBe(true);
    expect(collectionLinkListSchema.parse((await get('/api/collections/links?brandId=1')).json())).toEqual([]);
  });

  it('should give the progress and result of an import by id', async () => {
    const status = await get(`/api/imports/${slowImportId}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      importId: slowImportId,
      kind: 'collections',
      status: 'succeeded',
      imported: 4,
    });
    expect((await get('/api/imports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('should require brandId, refuse a foreign brand and a level below admin', async () => {
    const missing = await get('/api/products');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/brandId is required/);
    expect((await get('/api/products?brandId=2')).statusCode).toBe(403);
    expect((await get('/api/collections?brandId=1', managerCookie)).statusCode).toBe(403);
  });
});

describe('When a list is read again', () => {
  it('should answer the same ETag, 304 on revalidation, and a fresh list once the catalog changed', async () => {
    const first = await get('/api/products?brandId=1');
    const again = await get('/api/products?brandId=1');
    expect(again.headers.etag).toBe(first.headers.etag);
    const revalidated = await app.inject({
      url: '/api/products?brandId=1',
      headers: { cookie, 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    const [one] = productListSchema.parse((await get('/api/products/all?brandId=1')).json());
    await markAndProject([one!.id]);
    const changed = await get('/api/products?brandId=1');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(productListSchema.parse(changed.json()).map((p) => p.id)).toContain(one!.id);
  });
});
