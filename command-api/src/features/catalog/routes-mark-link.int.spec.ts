import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogWorld, type CatalogWorld } from '../../../test/catalog-world';

let world: CatalogWorld;
let admin: { cookie: string; origin: string };
let ids: string[];

const post = (url: string, payload: Record<string, unknown>) =>
  world.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie, origin: admin.origin }, payload });

beforeAll(async () => {
  world = await buildCatalogWorld();
  admin = await world.signIn('admin@x.test', 'admin', [1]);
  for (const slug of ['aurora-uk', 'aurora-de'])
    await post('/api/products/import', { brandId: 1, storeId: world.stores[slug] });
  await world.projectors.waitForIdle();
  // Products of one store only, linked to none: each is a group of its own.
  ids = (
    await world.db.pool.query<{ id: string }>(
      `SELECT id FROM rm.catalog_products p WHERE NOT EXISTS
       (SELECT 1 FROM rm.catalog_links k WHERE k.source_id = p.id OR k.target_id = p.id) ORDER BY title, store_id`,
    )
  ).rows.map((r) => r.id);
}, 60_000);
afterAll(async () => world.close());

describe('When products are marked and unmarked for discount', () => {
  it('should count only the items that changed', async () => {
    expect((await post('/api/products/mark-for-discount', { brandId: 1, productIds: ids.slice(0, 2) })).json()).toEqual(
      { updated: 2 },
    );
    expect((await post('/api/products/mark-for-discount', { brandId: 1, productIds: ids.slice(0, 3) })).json()).toEqual(
      { updated: 1 },
    );
    expect((await post('/api/products/unmark-for-discount', { brandId: 1, productIds: [ids[0]] })).json()).toEqual({
      updated: 1,
    });
    await world.projectors.waitForIdle();
    expect(await world.count('SELECT 1 FROM rm.catalog_products WHERE is_available')).toBe(2);
  });

  it('should answer 404 for ids outside the brand and 400 for an empty selection', async () => {
    const unknown = await post('/api/products/mark-for-discount', {
      brandId: 1,
      productIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await post('/api/products/mark-for-discount', { brandId: 1, productIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/Select at least one product/);
  });
});

describe('When products are linked by hand', () => {
  it('should link exactly two, refuse the same pair twice, and remove the link', async () => {
    const local = (
      await world.db.pool.query<{ id: string }>(
        `SELECT id FROM rm.catalog_products p WHERE NOT EXISTS
         (SELECT 1 FROM rm.catalog_links k WHERE k.source_id = p.id OR k.target_id = p.id) ORDER BY id LIMIT 2`,
      )
    ).rows.map((r) => r.id);
    const body = { brandId: 1, sourceProductId: local[0], targetProductId: local[1] };
    const linked = await post('/api/products/link', body);
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({ linkType: 'manual', sourceProductId: local[0], targetProductId: local[1] });
    await world.projectors.waitForIdle();
    expect((await post('/api/products/link', body)).statusCode).toBe(409);
    const same = await post('/api/products/link', { ...body, targetProductId: local[0] });
    expect(same.statusCode).toBe(400);
    expect(same.json<{ message: string }>().message).toMatch(/Please select exactly 2 products to link/);
    const removed = await world.app.inject({
      method: 'DELETE',
      url: `/api/products/links/${linked.json<{ id: string }>().id}`,
      headers: { cookie: admin.cookie, origin: admin.origin },
    });
    expect(removed.statusCode).toBe(200);
  });

  it('should keep a removed automatic link removed on the next import', async () => {
    const { rows } = await world.db.pool.query<{ id: string }>(
      "SELECT id FROM rm.catalog_links WHERE link_type = 'sku' LIMIT 1",
    );
    const removed = await world.app.inject({
      method: 'DELETE',
      url: `/api/products/links/${rows[0]!.id}`,
      headers: { cookie: admin.cookie, origin: admin.origin },
    });
    expect(removed.statusCode).toBe(200);
    await world.projectors.waitForIdle();
    await post('/api/products/import', { brandId: 1, storeId: world.stores['aurora-uk'] });
    await world.projectors.waitForIdle();
    expect(await world.count("SELECT 1 FROM rm.catalog_links WHERE link_type = 'sku'")).toBe(11);
    expect(await world.count('SELECT 1 FROM rm.catalog_links WHERE id = $1', [rows[0]!.id])).toBe(0);
  });

  it('should answer 404 for a link of a brand the caller does not have', async () => {
    const other = await world.signIn('other@x.test', 'admin', [2]);
    const { rows } = await world.db.pool.query<{ id: string }>('SELECT id FROM rm.catalog_links LIMIT 1');
    const response = await world.app.inject({
      method: 'DELETE',
      url: `/api/products/links/${rows[0]!.id}`,
      headers: { cookie: other.cookie, origin: other.origin },
    });
    expect(response.statusCode).toBe(404);
  });
});
