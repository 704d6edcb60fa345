import { createHash, randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '@dm/event-store';
import { codeSyncStream, type CodeSyncKind } from '@dm/events';
import { createTestDatabase } from '@dm/postgres/testing';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator, type ShopifyStore } from '@dm/shopify';
import pino from 'pino';
import { startProjectors } from '../../src/index';
import { codeSyncProjection } from '../../src/projections/code-sync/projection';
import { locationsProjection } from '../../src/projections/locations/projection';
import { codeSyncReactor } from '../../src/reactors/code-sync/reactor';

/** Test fixture: the code-sync reactor and projection on a fresh database, against the emulator over HTTP. */
export const buildSyncWorld = async (
  options: {
    codesPerShop?: number;
    batchLines?: number;
    gramThreshold?: number;
    /** false: no projectors in this process (a test runs them as a child process). */
    inProcess?: boolean;
  } = {},
) => {
  const shops = [
    { slug: 'aurora-uk', brandId: 1, countryCode: 'GB' },
    { slug: 'borealis-uk', brandId: 2, countryCode: 'GB' },
  ];
  const storeIds: Record<string, number> = { 'aurora-uk': 1, 'borealis-uk': 2 };
  const db = await createTestDatabase();
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const emulator = await startShopifyEmulator({ port: 0, shops, codesPerShop: options.codesPerShop ?? 2000 });
  const shopify = createShopifyAdapter({
    stores: shops.map((s) => ({ slug: s.slug, domain: shopDomainOf(s.slug), token: emulator.tokens[s.slug] ?? null })),
    emulatorUrl: emulator.url,
    policy: { maxAttempts: 3, minDelayMs: 1, maxDelayMs: 5, pollIntervalMs: 5 },
    logger: pino({ level: 'silent' }),
  });
  const reactor = codeSyncReactor({
    shopify,
    eventStore,
    pool: db.pool,
    pollMs: 10,
    batchLines: options.batchLines ?? 500,
    // Low, so a few thousand codes have frequent 3-grams and long search grams (decision 0950).
    gramThreshold: options.gramThreshold ?? 50,
  });
  const start = () =>
    startProjectors({
      pool: db.pool,
      eventStore,
      projections: [locationsProjection, codeSyncProjection],
      reactors: [reactor],
      logger: pino({ level: 'silent' }),
      tuning: { pollMs: 20, effectBackoff: () => 5 },
    });
  const none = { stop: async () => undefined, waitForIdle: async () => undefined };
  let projectors: Pick<ReturnType<typeof start>, 'stop' | 'waitForIdle'> = options.inProcess === false ? none : start();
  // The stores as the locations projection knows them (the usage schedule reads rm.stores).
  await eventStore.append(
    'locations',
    shops.map((shop) => ({
      type: 'StoreCreated',
      data: {
        storeId: storeIds[shop.slug]!,
        name: shop.slug,
        urlSlug: shop.slug,
        shopifyDomain: shopDomainOf(shop.slug),
        brandId: shop.brandId,
        countryId: 1,
        createdAt: new Date().toISOString(),
      },
    })),
    { expected: 'any' },
  );

  const request = async (slug: string, kind: CodeSyncKind, updatedSince: string | null = null) => {
    const syncId = randomUUID();
    await eventStore.append(
      codeSyncStream(storeIds[slug]!),
      [
        {
          type: 'CodeSyncRequested',
          data: {
            syncId,
            storeId: storeIds[slug]!,
            brandId: 1,
            storeSlug: slug,
            kind,
            updatedSince,
            requestedAt: new Date().toISOString(),
          },
        },
      ],
      { expected: 'any' },
    );
    return syncId;
  };

  /** Waits for the sync's outcome event and returns its type and data. */
  const outcomeOf = async (slug: string, syncId: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const events = await eventStore.readStream(codeSyncStream(storeIds[slug]!));
      const outcome = events.find(
        (e) =>
          (e.type === 'CodeSyncCompleted' || e.type === 'CodeSyncFailed') &&
          (e.data as { syncId: string }).syncId === syncId,
      );
      if (outcome) return { type: outcome.type, data: outcome.data as Record<string, unknown> };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`sync ${syncId} of ${slug} had no outcome within ${timeoutMs} ms`);
  };

  /** What the emulated shop holds: every code of every code discount. */
  const shopCodes = (slug: string) =>
    [...emulator.shop(slug).discounts.values()].flatMap((d) => [...d.codes.iterate(null)].map((c) => c.code));
  const syncedCodes = async (slug: string) =>
    (
      await db.pool.query<{ code: string }>('SELECT code FROM rm.synced_codes WHERE store_id = $1', [storeIds[slug]])
    ).rows.map((r) => r.code);
  const checksum = (codes: readonly string[]) =>
    createHash('sha256')
      .update([...codes].sort().join('\n'))
      .digest('hex');

  /** Search gram rows of the store whose count differs from a scan of its codes (decision 0950): none, when exact. */
  const wrongGrams = async (slug: string) =>
    (
      await db.pool.query<{ gram: string; discount_id: string; code_count: number; scanned: number }>(
        `SELECT g.gram, g.discount_id, g.code_count, s.n AS scanned FROM rm.synced_code_grams g,
           LATERAL (SELECT count(*)::int AS n, min(c.code) AS first FROM rm.synced_codes c
                    WHERE c.store_id = g.store_id AND c.discount_id = g.discount_id
                      AND c.code ILIKE '%' || replace(replace(replace(g.gram, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%') s
         WHERE g.store_id = $1 AND (s.n <> g.code_count OR s.first IS DISTINCT FROM g.first_code)`,
        [storeIds[slug]],
      )
    ).rows;
  /**
   * Gram pages (decision 0990) that differ from a scan: their codes out of order, or not exactly the store's
   * (code, discount) pairs holding the gram up to the page's bound. None, when exact.
   */
  const wrongGramPages = async (slug: string) =>
    (
      await db.pool.query<{ gram: string }>(
        `SELECT p.gram FROM rm.synced_code_gram_pages p
         WHERE p.store_id = $1 AND (
           p.codes IS DISTINCT FROM ARRAY(SELECT c FROM unnest(p.codes) c ORDER BY c)
           OR ARRAY(SELECT x.c || '|' || x.d FROM unnest(p.codes, p.discount_ids) x(c, d) ORDER BY 1)
              IS DISTINCT FROM ARRAY(
                SELECT c.code || '|' || c.discount_id FROM rm.synced_codes c
                WHERE c.store_id = p.store_id AND (p.complete_to IS NULL OR c.code <= p.complete_to)
                  AND c.code ILIKE '%' || replace(replace(replace(p.gram, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
                ORDER BY 1))`,
        [storeIds[slug]],
      )
    ).rows.map((r) => r.gram);
  /** The store's marks (decision 1562) beside the ones a scan of its codes gives: equal, when exact. */
  const marksBesideScan = async (slug: string) =>
    (
      await db.pool.query<{ kept: string[]; scanned: string[] }>(
        `SELECT ARRAY(SELECT m.rank || ' ' || m.code || ' ' || m.code_id FROM rm.synced_code_marks m
                      WHERE m.store_id = $1 ORDER BY m.rank) AS kept,
                ARRAY(SELECT w.n || ' ' || w.code || ' ' || w.code_id
                      FROM (SELECT code, code_id, (row_number() OVER (ORDER BY code, code_id) - 1)::int AS n
                            FROM rm.synced_codes WHERE store_id = $1) w
                      WHERE w.n > 0 AND w.n % rm.synced_code_mark_every() = 0 ORDER BY w.n) AS scanned`,
        [storeIds[slug]],
      )
    ).rows[0]!;
  const gramPageCount = async (slug: string) =>
    (
      await db.pool.query<{ n: number; bounded: number }>(
        'SELECT count(*)::int AS n, count(complete_to)::int AS bounded FROM rm.synced_code_gram_pages WHERE store_id = $1',
        [storeIds[slug]],
      )
    ).rows[0]!;
  const gramCount = async (slug: string) =>
    (
      await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm.synced_code_grams WHERE store_id = $1', [
        storeIds[slug],
      ])
    ).rows[0]!.n;

  const storeOf = (slug: string): ShopifyStore => {
    const found = shopify.store(slug);
    if (!found.ok) throw found.error;
    return found.store;
  };

  return {
    db,
    eventStore,
    emulator,
    storeIds,
    request,
    outcomeOf,
    shopCodes,
    syncedCodes,
    checksum,
    wrongGrams,
    wrongGramPages,
    marksBesideScan,
    gramPageCount,
    gramCount,
    storeOf,
    waitForIdle: () => projectors.waitForIdle(),
    /** Stops the projectors where they are (an effect in flight stays Started), as a crash would leave it. */
    stopProjectors: () => projectors.stop(),
    startProjectors: () => {
      projectors = start();
    },
    close: async () => {
      await projectors.stop();
      await eventStore.close();
      await emulator.stop();
      await db.drop();
    },
  };
};

export type SyncWorld = Awaited<ReturnType<typeof buildSyncWorld>>;
