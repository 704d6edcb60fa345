import { brandCatalogStream } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogWorld, type CatalogWorld } from '../../../test/catalog-world';

let world: CatalogWorld;
let admin: { cookie: string; origin: string };

const send = (method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  world.app.inject({
    method,
    url,
    headers: { cookie: admin.cookie, origin: admin.origin },
    ...(payload ? { payload } : {}),
  });
/** The product's id in the store: titles are the same in every store for shared products. */
const productIn = async (title: string, slug: string) =>
  (
    await world.db.pool.query<{ id: string }>('SELECT id FROM rm.catalog_products WHERE title = $1 AND store_id = $2', [
      title,
      world.stores[slug],
    ])
  ).rows[0]!.id;
const available = async (ids: readonly string[]) =>
  (
    await world.db.pool.query<{ id: string; is_available: boolean }>(
      'SELECT id, is_available FROM rm.catalog_products WHERE id = ANY($1::uuid[])',
      [ids],
    )
  ).rows.filter((r) => r.is_available).length;
const brandEvents = async () =>
  (await world.eventStore.readStream(brandCatalogStream(1))) as { type: string; data: { itemIds?: string[] } }[];
const mark = async (action: 'mark' | 'unmark', productIds: string[]) => {
  const response = await send('POST', `/api/products/${action}-for-discount`, { brandId: 1, productIds });
  expect(response.statusCode).toBe(200);
  await world.projectors.waitForIdle();
  return response.json<{ updated: number }>().updated;
};

let jacket: { uk: string; de: string; us: string };
beforeAll(async () => {
  world = await buildCatalogWorld();
  admin = await world.signIn('admin@x.test', 'admin', [1]);
  for (const slug of ['aurora-uk', 'aurora-de', 'aurora-us'])
    await send('POST', '/api/products/import', { brandId: 1, storeId: world.stores[slug] });
  await world.projectors.waitForIdle();
  const title = 'Aurora Trail Jacket';
  jacket = {
    uk: await productIn(title, 'aurora-uk'),
    de: await productIn(title, 'aurora-de'),
    us: await productIn(title, 'aurora-us'),
  };
}, 90_000);
afterAll(async () => world.close());

describe('When one copy of a product linked by SKU is marked', () => {
  it('should make it available in every store it is linked in, with one event', async () => {
    const before = (await brandEvents()).length;
    expect(await mark('mark', [jacket.de])).toBe(3);
    expect(await available(Object.values(jacket))).toBe(3);
    const appended = (await brandEvents()).slice(before);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ type: 'CatalogItemsMarked' });
    expect(new Set(appended[0]!.data.itemIds)).toEqual(new Set(Object.values(jacket)));
  });

  it('should unmark the whole group from any copy, and change nothing when nothing is left to change', async () => {
    expect(await mark('unmark', [jacket.us])).toBe(3);
    expect(await available(Object.values(jacket))).toBe(0);
    const before = (await brandEvents()).length;
    expect(await mark('unmark', [jacket.uk, jacket.de])).toBe(0);
    expect(await brandEvents()).toHaveLength(before);
  });
});

describe('When groups are joined and split by hand', () => {
  it('should mark through a manual link, reaching the members linked through others', async () => {
    const local = await productIn('Aurora GB Edition Cap 1', 'aurora-uk');
    const linked = await send('POST', '/api/products/link', {
      brandId: 1,
      sourceProductId: local,
      targetProductId: jacket.de,
    });
    expect(linked.statusCode).toBe(201);
    await world.projectors.waitForIdle();
    // The local cap is linked to the German jacket only, yet the British and American jackets come along.
    expect(await mark('mark', [local])).toBe(4);
    expect(await available([local, ...Object.values(jacket)])).toBe(4);

    const removed = await send('DELETE', `/api/products/links/${linked.json<{ id: string }>().id}`);
    expect(removed.statusCode).toBe(200);
    await world.projectors.waitForIdle();
    expect(await mark('unmark', [local])).toBe(1);
    expect(await available(Object.values(jacket))).toBe(3);
  });

  it('should refuse ids of another brand with 404 and mark nothing', async () => {
    const before = (await brandEvents()).length;
    const borealis = await world.signIn('borealis@x.test', 'admin', [2]);
    const imported = await world.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: borealis.cookie, origin: borealis.origin },
      payload: { brandId: 2, storeId: world.stores['borealis-uk'] },
    });
    expect(imported.statusCode).toBe(200);
    await world.projectors.waitForIdle();
    const { rows } = await world.db.pool.query<{ id: string }>(
      'SELECT id FROM rm.catalog_products WHERE brand_id = 2 LIMIT 1',
    );
    const response = await send('POST', '/api/products/mark-for-discount', {
      brandId: 1,
      productIds: [jacket.uk, rows[0]!.id],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toMatch(/1 product not found in this brand/);
    expect(await brandEvents()).toHaveLength(before);
  });
});
