import { storeCatalogStream } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogWorld, type CatalogWorld } from '../../../test/catalog-world';

let world: CatalogWorld;
let admin: { cookie: string; origin: string };

const importProducts = (body: Record<string, unknown>, as = admin) =>
  world.app.inject({
    method: 'POST',
    url: '/api/products/import',
    headers: { cookie: as.cookie, origin: as.origin },
    payload: body,
  });
const streamLength = async (storeId: number) => (await world.eventStore.readStream(storeCatalogStream(storeId))).length;

beforeAll(async () => {
  world = await buildCatalogWorld();
  admin = await world.signIn('admin@x.test', 'admin', [1]);
}, 60_000);
afterAll(async () => world.close());

describe('When two stores of a brand that share SKUs are imported', () => {
  it('should import every product and link the shared ones across both stores', async () => {
    const uk = await importProducts({ brandId: 1, storeId: world.stores['aurora-uk'] });
    expect(uk.statusCode).toBe(200);
    expect(uk.json()).toEqual({ imported: 16, failed: 0, skipped: 0, error: null });
    const de = await importProducts({ brandId: 1, storeId: world.stores['aurora-de'] });
    expect(de.json()).toEqual({ imported: 16, failed: 0, skipped: 0, error: null });
    await world.projectors.waitForIdle();
    expect(await world.count('SELECT 1 FROM rm.catalog_products WHERE brand_id = 1')).toBe(32);
    // 12 of the 16 products are in every Aurora store with the same SKUs (the emulator's demo catalogue).
    expect(await world.count("SELECT 1 FROM rm.catalog_links WHERE link_type = 'sku' AND brand_id = 1")).toBe(12);
  });

  it("should keep each variant's price and the shop's currency, per store", async () => {
    // The emulator's demo catalogue: a jacket is 120 and a cap 25 in GBP; the DE shop prices them ×1.15 in EUR.
    const { rows } = await world.db.pool.query<{ store: string; title: string; doc: string }>(
      `SELECT s.url_slug AS store, p.title, p.doc FROM rm.catalog_products p JOIN rm.stores s ON s.id = p.store_id
       WHERE p.title IN ('Aurora Trail Jacket', 'Aurora Summit Cap') ORDER BY p.title, s.url_slug`,
    );
    const seen = rows.map((r) => {
      const doc = JSON.parse(r.doc) as { currencyCode: string; currencySymbol: string; variants: { price: string }[] };
      return [r.store, r.title, doc.currencyCode, doc.currencySymbol, doc.variants.map((v) => v.price)];
    });
    expect(seen).toEqual([
      ['aurora-de', 'Aurora Summit Cap', 'EUR', '€', ['28.75']],
      ['aurora-uk', 'Aurora Summit Cap', 'GBP', '£', ['25.00']],
      ['aurora-de', 'Aurora Trail Jacket', 'EUR', '€', ['138.00', '138.00', '138.00']],
      ['aurora-uk', 'Aurora Trail Jacket', 'GBP', '£', ['120.00', '120.00', '120.00']],
    ]);
    const currencies = await world.db.pool.query<{ slug: string; currency_code: string | null }>(
      `SELECT s.url_slug AS slug, c.currency_code FROM rm.catalog_stores c JOIN rm.stores s ON s.id = c.id
       WHERE s.url_slug IN ('aurora-uk', 'aurora-de') ORDER BY s.url_slug`,
    );
    expect(currencies.rows).toEqual([
      { slug: 'aurora-de', currency_code: 'EUR' },
      { slug: 'aurora-uk', currency_code: 'GBP' },
    ]);
  });

  it('should change nothing when a store is imported again', async () => {
    const before = await streamLength(world.stores['aurora-uk']!);
    const again = await importProducts({ brandId: 1, storeId: world.stores['aurora-uk'] });
    expect(again.json()).toEqual({ imported: 0, failed: 0, skipped: 16, error: null });
    await world.projectors.waitForIdle();
    expect(await streamLength(world.stores['aurora-uk']!)).toBe(before);
    expect(await world.count('SELECT 1 FROM rm.catalog_products WHERE brand_id = 1')).toBe(32);
    expect(await world.count("SELECT 1 FROM rm.catalog_links WHERE link_type = 'sku'")).toBe(12);
  });

  it('should import collections with their product counts', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/collections/import',
      headers: { cookie: admin.cookie, origin: admin.origin },
      payload: { brandId: 1, storeId: world.stores['aurora-uk'] },
    });
    expect(response.json()).toEqual({ imported: 4, failed: 0, skipped: 0, error: null });
    await world.projectors.waitForIdle();
    const { rows } = await world.db.pool.query<{ products_count: number }>(
      "SELECT products_count FROM rm.catalog_collections WHERE handle = 'best-sellers'",
    );
    expect(rows[0]?.products_count).toBe(5);
  });
});

describe('When the store fails mid-import', () => {
  it('should report what was imported and why the rest failed, and a retry should complete it', async () => {
    world.emulator.faults.inject({
      kind: 'server-error',
      shop: 'aurora-us',
      operation: 'ImportProductsWithVariants',
      after: 1,
      times: 10,
    });
    const partial = await importProducts({ brandId: 1, storeId: world.stores['aurora-us'] });
    expect(partial.statusCode).toBe(200);
    const result = partial.json<{ imported: number; error: string }>();
    expect(result.imported).toBe(5);
    expect(result.error).toMatch(/^Stopped after 5 products: .*Import again to fetch the rest\.$/);
    world.emulator.faults.clear();
    const retry = await importProducts({ brandId: 1, storeId: world.stores['aurora-us'] });
    expect(retry.json()).toEqual({ imported: 11, failed: 0, skipped: 5, error: null });
    await world.projectors.waitForIdle();
    expect(
      await world.count('SELECT 1 FROM rm.catalog_products WHERE store_id = $1', [world.stores['aurora-us']]),
    ).toBe(16);
  });

  it('should record a failure when nothing could be imported', async () => {
    world.emulator.faults.inject({
      kind: 'server-error',
      shop: 'borealis-uk',
      operation: 'ImportProductsWithVariants',
      times: 100,
    });
    const both = await world.signIn('both@x.test', 'admin', [1, 2]);
    const failed = await importProducts({ brandId: 2, storeId: world.stores['borealis-uk'] }, both);
    world.emulator.faults.clear();
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ imported: 0, error: expect.stringMatching(/unavailable/) });
  });
});

describe('When the import cannot start', () => {
  it('should refuse a store without a token, saying in words what to do', async () => {
    const response = await importProducts({ brandId: 1, storeId: world.stores['aurora-fr'] });
    expect(response.statusCode).toBe(409);
    // The advice in words since main's 35c8198 (no variable name): this expectation had been left behind.
    expect(response.json<{ message: string }>().message).toMatch(
      /^Aurora FR is not connected to Shopify yet: .*Admin API access token/,
    );
  });

  it('should refuse an inactive store', async () => {
    await world.app.commands.setStoreActive(
      { storeId: world.stores['aurora-de']!, isActive: false },
      {
        id: 'system',
        email: null,
        level: 'super_admin',
        brandIds: [],
      },
    );
    const response = await importProducts({ brandId: 1, storeId: world.stores['aurora-de'] });
    await world.app.commands.setStoreActive(
      { storeId: world.stores['aurora-de']!, isActive: true },
      {
        id: 'system',
        email: null,
        level: 'super_admin',
        brandIds: [],
      },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/inactive/);
  });

  it('should answer 404 for a store of another brand and 403 for a foreign brand', async () => {
    const foreignStore = await importProducts({ brandId: 1, storeId: world.stores['borealis-uk'] });
    expect(foreignStore.statusCode).toBe(404);
    const foreignBrand = await importProducts({ brandId: 2, storeId: world.stores['borealis-uk'] });
    expect(foreignBrand.statusCode).toBe(403);
  });

  it('should need the admin level and both fields', async () => {
    const manager = await world.signIn('manager@x.test', 'manager', [1]);
    expect((await importProducts({ brandId: 1, storeId: world.stores['aurora-uk'] }, manager)).statusCode).toBe(403);
    const missing = await importProducts({ brandId: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/Brand and store must be selected/);
  });
});
