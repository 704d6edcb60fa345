import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { discountCodesStream, upcasters } from '@dm/events';
import { createReactors, projections, startProjectors } from '@dm/projectors';
import { findHoldings } from '@dm/query-api/discount-code-queries';
import { buildApp } from '@dm/query-api/build-app';
import { findSyncedCodes, freshlySyncedStores } from '@dm/query-api/synced-code-cache';
import { createSession } from '@dm/server-kit';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import pino from 'pino';
import { startBenchDatabase } from '../bench/lib/bench-database';
import { pushTimeline } from './codes-push-timeline';
import { benchActor, codeBatch, timeSamples } from './codes-world';
import { floorSeconds } from './discount-deployment';
import { givenMultiDiscount, givenStores } from './discount-deployment-world';
import { allOf, below, figure, percentile, ratioAtMost, type Figure } from './index';
import { until } from './until';

const stores = 5;
const codes = 10_000;
/** Shopify's Standard plan: a bucket of 2,000 points refilled at 100 points/s (reference §3). */
const standardRestoreRate = 100;
const codesPerShop = 20_000;
const publicUrl = 'http://localhost:3000';

/**
 * `pnpm bench codes`, the rows with Shopify in them: five stores of the emulator at the Standard plan rate, their
 * codes synced (20,000 each, so the caches are warm), one multi discount deployed to all five through the real
 * projectors; then the availability check of 250 codes on the five stores over HTTP, and 10,000 codes added
 * through the command bus (ten requests of 1,000) and pushed by the reactor until every chunk has its outcome.
 */
export const benchCodesPush = async (): Promise<Figure[]> => {
  const logger = pino({ level: 'warn' });
  const slugs = Array.from({ length: stores }, (_, i) => `bench-codes-${i + 1}`);
  const storeIds = slugs.map((_, i) => i + 1);
  const db = await startBenchDatabase();
  const emulator = await startShopifyEmulator({
    shops: slugs.map((slug) => ({ slug, brandId: 1, countryCode: 'GB' })),
    codesPerShop,
    logger,
  });
  const eventStore = createPostgresEventStore({
    pool: db.pool,
    connectionString: db.url,
    upcast: chainUpcasters(upcasters),
  });
  const shopify = createShopifyAdapter({
    stores: slugs.map((slug) => ({
      slug,
      domain: shopDomainOf(slug),
      token: emulator.tokens[slug] ?? null,
      functionId: emulator.functionIds[slug] ?? null,
    })),
    emulatorUrl: emulator.url,
    // The emulator finishes a bulk job 50 ms after it is submitted; a real store takes seconds (the default 1 s).
    policy: { pollIntervalMs: 100 },
    logger,
  });
  const commands = createCommandBus({ eventStore, db: db.pool, hasShopifyToken: (slug) => slug in emulator.tokens });
  const projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: createReactors({ shopify, eventStore, db: db.pool, codeSync: { pollMs: 100 } }),
    logger,
  });
  const app = await buildApp({ db: db.pool, publicUrl, projections, logLevel: 'silent', shopify });
  try {
    await commands.registerBrand('Bench', systemActor);
    const { runner } = await givenStores(db.pool, eventStore, slugs, () => projectors.waitForIdle());
    const discountId = await givenMultiDiscount(eventStore, storeIds, [
      { target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' },
    ]);
    const count = async (sql: string, values: unknown[]) =>
      (await db.pool.query<{ n: number }>(sql, values)).rows[0]!.n;
    await until(
      async () =>
        (await count("SELECT count(*)::int AS n FROM es.events WHERE stream_id = $1 AND type = 'DiscountDeployed'", [
          `discount:${discountId}`,
        ])) === stores,
      300_000,
      'the deployment',
    );
    console.log('codes: syncing the five stores…');
    for (const storeId of storeIds) await commands.triggerCodeSync({ storeId, incremental: false }, systemActor);
    await until(
      async () =>
        (await count(
          "SELECT count(*)::int AS n FROM rm.code_sync_freshness f JOIN rm.code_sync_status s USING (store_id) WHERE s.status = 'idle'",
          [],
        )) === stores,
      300_000,
      'the code syncs',
    );
    await commands.grantPermission({ email: benchActor.email!, permissionLevel: 'user', brandIds: [1] }, systemActor);
    await projectors.waitForIdle();

    // The push: ten adds of 1,000 codes to the five stores, every bucket spent when it starts.
    for (const slug of slugs) emulator.bucket(slug).setLevel(0);
    const firstCall = emulator.callLog.entries().length;
    const started = performance.now();
    // Ten requests at once (ten people, or one import): the push, not the order of the requests, is measured.
    const answered = await Promise.all(
      Array.from({ length: codes / 1000 }, async (_, a) => {
        await commands.addDiscountCodes(discountId, codeBatch(`PUSH-${a}-`, 1000, storeIds), benchActor);
        return (performance.now() - started) / 1000;
      }),
    );
    const commandsSeconds = (performance.now() - started) / 1000;
    const startedAt = Date.now() - commandsSeconds * 1000;
    const chunks = (stores * codes) / 250;
    await until(
      async () =>
        (await count(
          `SELECT count(*)::int AS n FROM es.events WHERE stream_id = $1
           AND type IN ('DiscountCodesPushed', 'DiscountCodesPushFailed')`,
          [discountCodesStream(discountId)],
        )) >= chunks,
      900_000,
      'the push',
    );
    const seconds = (performance.now() - started) / 1000;
    const failed = await count(
      "SELECT count(*)::int AS n FROM es.events WHERE stream_id = $1 AND type = 'DiscountCodesPushFailed'",
      [discountCodesStream(discountId)],
    );
    if (failed > 0) throw new Error(`${failed} chunk(s) failed to push`);
    const calls = emulator.callLog
      .entries()
      .slice(firstCall)
      .filter((c) => c.outcome === 'ok');
    const floors = slugs.map((slug) =>
      floorSeconds(
        calls.filter((c) => c.shop === slug),
        standardRestoreRate,
      ),
    );
    const floor = Math.max(...floors);
    // Where the time went: the requests themselves, then the first and the last call Shopify answered.
    const firstCallAt = (Math.min(...calls.map((c) => c.at)) - startedAt) / 1000;
    const lastCallAt = (Math.max(...calls.map((c) => c.at)) - startedAt) / 1000;
    const throttled = emulator.callLog
      .entries()
      .slice(firstCall)
      .filter((c) => c.outcome === 'throttled').length;
    if (process.env.BENCH_CODES_TIMELINE) {
      console.log(`requests answered at ${answered.map((t) => t.toFixed(2)).join(' ')}`);
      console.log(
        await pushTimeline(db.pool, discountCodesStream(discountId), calls, startedAt, (id) => slugs[id - 1]!),
      );
    }
    console.log(
      `codes push: ${codes} codes to ${stores} stores in ${seconds.toFixed(2)} s (requests answered at ${commandsSeconds.toFixed(2)} s, first call ${firstCallAt.toFixed(2)} s, last ${lastCallAt.toFixed(2)} s); ${calls.length} calls (${throttled} throttled); slowest store's floor ${floor.toFixed(2)} s`,
    );

    // The availability check: 250 codes, 5 stores, caches fresh: 100 held by our discount, 50 in the stores from
    // outside (sampled from the cache), 100 free.
    await projectors.waitForIdle();
    const outside = (
      await db.pool.query<{ code: string }>(
        'SELECT code FROM rm.synced_codes WHERE store_id = 1 ORDER BY code_id LIMIT 50',
      )
    ).rows.map((r) => r.code);
    const checked = [
      ...Array.from({ length: 100 }, (_, i) => `PUSH-${i % 10}-${String(i).padStart(4, '0')}`),
      ...outside,
      ...Array.from({ length: 100 }, (_, i) => `FREE-${i}`),
    ];
    const token = await createSession(db.pool, {
      email: benchActor.email!,
      userId: benchActor.id,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      idToken: null,
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const check = async () => {
      const response = await fetch(`${base}/api/discounts/${discountId}/codes/check-availability`, {
        method: 'POST',
        headers: { cookie: `dm_session=${token}`, origin: publicUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ codes: checked, stores: storeIds }),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`check-availability: ${response.status} ${body}`);
      return JSON.parse(body) as { results: { codes: { takenBy: string | null }[] }[] };
    };
    const answer = await check();
    const taken = answer.results.flatMap((r) => r.codes).filter((c) => c.takenBy !== null).length;
    if (taken < 100 * stores + 50) throw new Error(`check-availability: expected ≥ 550 taken answers, got ${taken}`);
    const sql = async () => {
      const fresh = await freshlySyncedStores(db.pool, storeIds);
      await Promise.all([findHoldings(db.pool, storeIds, checked), findSyncedCodes(db.pool, [...fresh], checked)]);
    };
    const { a: http, b: alone } = await timeSamples(check, sql, 200);
    return [
      figure({
        name: `add ${codes.toLocaleString('en-US')} codes to ${stores} stores through the emulator (ten requests of 1,000 at once), Standard plan (buckets spent, ${standardRestoreRate} points/s), until every chunk has its outcome (baseline: the slowest store's rate-limit floor for those calls)`,
        value: seconds,
        unit: 's',
        baseline: floor,
        target: ratioAtMost(1.2, "the emulator's rate-limit floor"),
      }),
      figure({
        name: 'of which: the ten requests answered (for comparison)',
        value: commandsSeconds,
        unit: 's',
        baseline: null,
        target: null,
      }),
      figure({
        name: "of which: from the start to Shopify's first call, and to its last (for comparison; baseline: the first)",
        value: lastCallAt,
        unit: 's',
        baseline: firstCallAt,
        target: null,
      }),
      figure({
        name: `the same floor with the ${stores} stores one after another (for comparison)`,
        value: floors.reduce((sum, f) => sum + f, 0),
        unit: 's',
        baseline: floor,
        target: null,
      }),
      figure({
        name: `check-availability, 250 codes x ${stores} stores, caches synced within 15 minutes, p95 of 200 over HTTP (baseline: its statements alone through pg)`,
        value: percentile(http, 95),
        unit: 'ms',
        baseline: percentile(alone, 95),
        target: allOf(below(150, 'ms')),
      }),
      figure({
        name: 'the same check, p50 (baseline: its statements alone, p50)',
        value: percentile(http, 50),
        unit: 'ms',
        baseline: percentile(alone, 50),
        target: null,
      }),
    ];
  } finally {
    await app.close();
    await projectors.stop();
    await eventStore.close();
    await emulator.stop();
    await db.stop();
  }
};
