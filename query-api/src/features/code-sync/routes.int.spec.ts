import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { codeSyncStatusSchema, syncedCodesPageSchema, syncedCodeStatsSchema } from '@dm/events/http';
import { createTestDatabase } from '@dm/postgres/testing';
import { createReactors, projections, startProjectors } from '@dm/projectors';
import { createSession } from '@dm/server-kit';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';

const shops = [
  { slug: 'aurora-uk', brandId: 1, countryCode: 'GB' },
  { slug: 'borealis-uk', brandId: 2, countryCode: 'GB' },
];
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;
let cookie: string;
let bothBrandsCookie: string;
let shopCodeCount: number;
let pool: pg.Pool;

beforeAll(async () => {
  const db = await createTestDatabase();
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const emulator = await startShopifyEmulator({ port: 0, shops, codesPerShop: 300 });
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
    // A low gram threshold, so these few hundred codes have frequent 3-grams and long grams (decision 0950).
    reactors: createReactors({ shopify, eventStore, db: db.pool, codeSync: { pollMs: 10, gramThreshold: 20 } }),
    logger: pino({ level: 'silent' }),
    tuning: { pollMs: 50 },
  });
  app = await buildApp({ db: db.pool, publicUrl: 'http://localhost:3000', projections, logLevel: 'silent' });
  await commands.registerBrand('Aurora');
  await commands.registerBrand('Borealis');
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'borealis-uk', brandId: 2, brandName: 'Borealis', countryId: 1 }, systemActor);
  await commands.grantPermission({ email: 'admin@x.test', permissionLevel: 'admin', brandIds: [1] }, systemActor);
  await commands.grantPermission({ email: 'both@x.test', permissionLevel: 'admin', brandIds: [1, 2] }, systemActor);
  // A code of the second store that sorts before the first store's codes and holds 'ra' (every code of the first
  // store holds it, so its gram page is bounded; here it is rare and has none): page 1 of 'ra' in both stores
  // merges a gram page with codes found through the index (decision 0990).
  const borealis = emulator.shop('borealis-uk');
  borealis.addCode(
    [...borealis.discounts.values()].find((d) => d.title === 'Welcome 10')!,
    '0RA',
  );
  // More codes than a page walks through the index without counting (decision 0950's `fewCodes`), for deep pages.
  const welcome = [...borealis.discounts.values()].find((d) => d.title === 'Welcome 10')!;
  for (let i = 0; i < 2100; i++) borealis.addCode(welcome, `ZB-${String(i).padStart(5, '0')}`);
  for (const storeId of [1, 2]) await commands.triggerCodeSync({ storeId, incremental: false }, systemActor);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows } = await db.pool.query("SELECT 1 FROM rm.code_sync_status WHERE status = 'idle'");
    if (rows.length === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await projectors.waitForIdle();
  shopCodeCount = [...emulator.shop('aurora-uk').discounts.values()].reduce((n, d) => n + d.codes.count, 0);
  cookie = `dm_session=${await createSession(db.pool, {
    email: 'admin@x.test',
    userId: 'admin@x.test',
    firstName: 'A',
    lastName: 'B',
    profileImageUrl: null,
    idToken: null,
  })}`;
  bothBrandsCookie = `dm_session=${await createSession(db.pool, {
    email: 'both@x.test',
    userId: 'both@x.test',
    firstName: 'B',
    lastName: 'C',
    profileImageUrl: null,
    idToken: null,
  })}`;
  pool = db.pool;
  close = async () => {
    await projectors.stop();
    await app.close();
    await eventStore.close();
    await emulator.stop();
    await db.drop();
  };
}, 60_000);
afterAll(async () => close());

const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const page = async (query: string) => {
  const response = await get(`/api/synced-codes${query}`);
  expect(response.statusCode).toBe(200);
  return syncedCodesPageSchema.parse(response.json());
};

describe('When a store of the caller has been synced', () => {
  it('should report its status with the totals', async () => {
    const status = codeSyncStatusSchema.parse((await get('/api/stores/1/code-sync/status')).json());
    expect(status).toMatchObject({
      storeId: 1,
      syncStatus: 'idle',
      totalCodesImported: shopCodeCount,
      codesSynced: shopCodeCount,
      codesExpected: shopCodeCount,
      errorMessage: null,
      syncKind: 'full',
      hasFullSync: true,
    });
    expect(status.lastSyncAt).toEqual(expect.any(String));
  });

  it('should page the codes of the caller’s brands only, 50 by default, with the exact total', async () => {
    const first = await page('');
    expect(first.total).toBe(shopCodeCount);
    expect(first.codes).toHaveLength(50);
    expect(new Set(first.codes.map((c) => c.storeId))).toEqual(new Set([1]));
    const last = await page(`?page=${Math.ceil(shopCodeCount / 50)}`);
    expect(last.codes).toHaveLength(shopCodeCount % 50 || 50);
  });

  it('should page many codes of several stores in the order a scan gives, deep pages included', async () => {
    const { rows } = await pool.query<{ code: string; id: string }>(
      `SELECT code, code_id AS id FROM rm.synced_codes WHERE store_id IN (1, 2) ORDER BY code, code_id`,
    );
    expect(rows.length).toBeGreaterThan(2100);
    const last = Math.ceil(rows.length / 50);
    for (const pageNo of [1, 2, 30, last - 1, last]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/synced-codes?page=${pageNo}`,
        headers: { cookie: bothBrandsCookie },
      });
      const found = syncedCodesPageSchema.parse(response.json());
      expect({ pageNo, total: found.total }).toEqual({ pageNo, total: rows.length });
      expect(found.codes.map((c) => ({ code: c.code, id: c.id }))).toEqual(rows.slice((pageNo - 1) * 50, pageNo * 50));
    }
  });

  it('should find codes by part of the code or of the discount title, case-insensitively', async () => {
    const byCode = await page('?search=inf-012');
    expect(byCode.codes.map((c) => c.code)).toEqual(['AURORA-UK-INF-012']);
    expect(byCode.total).toBe(1);
    const byTitle = await page('?search=WELCOME');
    expect(byTitle.codes.map((c) => c.code)).toEqual(['WELCOME10']);
    const both = await page('?search=multi');
    expect(both.codes.map((c) => c.code).sort()).toEqual(['MULTI15', 'MULTI15-VIP']);
    expect(both.codes[0]).toMatchObject({ discountTitle: 'Multi tiered', functionId: expect.any(String) });
    expect((await page('?search=100%25')).total).toBe(0);
  });

  it('should count and page every search exactly as a scan of the codes does, one store and all stores', async () => {
    const { rows: tracked } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rm.synced_code_grams WHERE gram IN ('k-inf-0', 'uk-inf-01')`,
    );
    expect(tracked[0]!.n).toBeGreaterThan(0); // long grams exist: the counts below come from them
    const searches = ['a', 'UK', 'inf', 'INF-0', 'inf-01', 'K-INF-1', 'RORA-UK-INF-2', 'is-uk', '15-v', 'welcome'];
    const { rows: paged } = await pool.query<{ store_id: number; bounded: boolean }>(
      `SELECT store_id, complete_to IS NOT NULL AS bounded FROM rm.synced_code_gram_pages WHERE gram = 'ra'`,
    );
    expect(paged).toEqual([{ store_id: 1, bounded: true }]); // 'ra' below: a bounded page and a store without one
    for (const search of [...searches, 'zz9', '-', '0', '1%', 'x_y', 'ra', 'RA'])
      for (const [who, stores] of [
        [cookie, [1]],
        [bothBrandsCookie, [1, 2]],
      ] as const) {
        const { rows } = await pool.query<{ code: string; id: string }>(
          `SELECT c.code, c.code_id AS id FROM rm.synced_codes c
           JOIN rm.synced_code_discounts d ON d.store_id = c.store_id AND d.discount_id = c.discount_id
           WHERE c.store_id = ANY($1::int[]) AND (c.code ILIKE $2 OR d.title ILIKE $2) ORDER BY c.code, c.code_id`,
          [stores, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
        );
        for (const pageNo of [1, 2, 7]) {
          const response = await app.inject({
            method: 'GET',
            url: `/api/synced-codes?search=${encodeURIComponent(search)}&page=${pageNo}`,
            headers: { cookie: who },
          });
          const found = syncedCodesPageSchema.parse(response.json());
          expect({ search, stores, pageNo, total: found.total }).toEqual({
            search,
            stores,
            pageNo,
            total: rows.length,
          });
          expect(found.codes.map((c) => ({ code: c.code, id: c.id }))).toEqual(
            rows.slice((pageNo - 1) * 50, pageNo * 50),
          );
        }
      }
  });

  it('should count and page every search within a type or status filter exactly as a scan does', async () => {
    const filters = {
      'type=single': 'd.code_count = 1',
      'type=multi': 'd.code_count > 1',
      'type=manual': 'd.function_id IS NULL',
      'type=gwp': "d.discount_type = 'DiscountCodeBxgy'",
      'status=ACTIVE': '(d.starts_at IS NULL OR d.starts_at <= now()) AND (d.ends_at IS NULL OR d.ends_at > now())',
    };
    for (const search of ['inf', 'INF-0', 'K-INF-1', 'welcome', 'multi', 'jacket', '0'])
      for (const [filter, where] of Object.entries(filters)) {
        const { rows } = await pool.query<{ code: string; id: string }>(
          `SELECT c.code, c.code_id AS id FROM rm.synced_codes c
           JOIN rm.synced_code_discounts d ON d.store_id = c.store_id AND d.discount_id = c.discount_id
           WHERE c.store_id = ANY('{1,2}'::int[]) AND (c.code ILIKE $1 OR d.title ILIKE $1) AND ${where}
           ORDER BY c.code, c.code_id`,
          [`%${search}%`],
        );
        for (const pageNo of [1, 2]) {
          const response = await app.inject({
            method: 'GET',
            url: `/api/synced-codes?search=${encodeURIComponent(search)}&${filter}&page=${pageNo}`,
            headers: { cookie: bothBrandsCookie },
          });
          const found = syncedCodesPageSchema.parse(response.json());
          expect({ search, filter, pageNo, total: found.total }).toEqual({
            search,
            filter,
            pageNo,
            total: rows.length,
          });
          expect(found.codes.map((c) => ({ code: c.code, id: c.id }))).toEqual(
            rows.slice((pageNo - 1) * 50, pageNo * 50),
          );
        }
      }
  });

  it('should count title matches in their own stores only when the stores number their discounts alike', async () => {
    // Discount X of store 2 and discount Y of store 1 match; X of store 1 and Y of store 2 (same ids) do not.
    const { rows } = await pool.query<{ store: number; id: string; title: string; n: number }>(
      `SELECT d.store_id AS store, d.discount_id AS id, d.title, d.code_count AS n FROM rm.synced_code_discounts d
       JOIN rm.synced_code_discounts o ON o.store_id = 3 - d.store_id AND o.discount_id = d.discount_id
       WHERE d.code_count > 0 AND o.code_count > 0 ORDER BY d.discount_id, d.store_id DESC LIMIT 4`,
    );
    const renamed = [rows[0]!, rows[3]!];
    expect(renamed.map((d) => d.store)).toEqual([2, 1]);
    const retitle = (d: (typeof rows)[number], title: string) =>
      pool.query(`UPDATE rm.synced_code_discounts SET title = $3 WHERE store_id = $1 AND discount_id = $2`, [
        d.store,
        d.id,
        title,
      ]);
    for (const d of renamed) await retitle(d, 'Zephyr only');
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/synced-codes?search=zephyr',
        headers: { cookie: bothBrandsCookie },
      });
      const found = syncedCodesPageSchema.parse(response.json());
      expect(found.total).toBe(renamed[0]!.n + renamed[1]!.n);
      expect(found.codes.map((c) => c.discountTitle)).toEqual(found.codes.map(() => 'Zephyr only'));
    } finally {
      for (const d of renamed) await retitle(d, d.title);
    }
  });

  it('should filter by type and by status, with exact counts', async () => {
    expect((await page('?type=gwp')).codes.map((c) => c.code)).toEqual(['GIFTJACKET']);
    expect((await page('?type=multi')).total).toBe(302);
    expect((await page('?type=single')).total).toBe(shopCodeCount - 302);
    expect((await page('?type=manual')).codes.map((c) => c.code)).not.toContain('MULTI15');
    expect((await page('?status=EXPIRED')).codes.map((c) => c.code)).toEqual(['OLDSUMMER']);
    expect((await page('?status=SCHEDULED')).codes.map((c) => c.code)).toEqual(['SPRING20']);
    const gift = (await page('?search=GIFTJACKET')).codes[0]!;
    expect(gift).toMatchObject({
      status: 'ACTIVE',
      isBxgy: true,
      discountType: 'DiscountCodeBxgy',
      shopDomain: 'aurora-uk.myshopify.com',
      shopifyDiscountId: expect.stringMatching(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/),
    });
  });

  it('should sum the stats of the caller’s stores', async () => {
    const stats = syncedCodeStatsSchema.parse((await get('/api/synced-codes/stats')).json());
    expect(stats).toMatchObject({ totalCodes: shopCodeCount, multiCodeDiscounts: 2, appCreatedDiscounts: 1 });
    expect(stats.totalDiscounts).toBe(stats.singleCodeDiscounts + stats.multiCodeDiscounts);
    expect(Object.values(stats.storeBreakdown)).toEqual([shopCodeCount]);
  });
});

describe('When the caller asks about another brand’s store, or asks badly', () => {
  it('should refuse a foreign brand or store with 403, and not find a foreign store’s status', async () => {
    expect((await get('/api/synced-codes?brandId=2')).statusCode).toBe(403);
    expect((await get('/api/synced-codes?storeId=2')).statusCode).toBe(403);
    expect((await get('/api/synced-codes/stats?brandId=2')).statusCode).toBe(403);
    expect((await get('/api/stores/2/code-sync/status')).statusCode).toBe(404);
  });
  it('should answer 400 with a message a person can act on', async () => {
    const bad = await get('/api/synced-codes?limit=0&type=bulk');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/limit must be a positive whole number/);
    expect((await get('/api/synced-codes?status=active')).json<{ message: string }>().message).toMatch(
      /status must be one of ACTIVE, EXPIRED, SCHEDULED/,
    );
  });
});
