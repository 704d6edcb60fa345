import type { CallLogEntry } from '@dm/shopify';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import { createReactors, projections, startProjectors } from '@dm/projectors';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import pino from 'pino';
import { startBenchDatabase } from '../bench/lib/bench-database';
import { givenMultiDiscount, givenStores } from './discount-deployment-world';
import { figure, type Figure, type Target } from './index';

export interface DiscountDeploymentBenchOptions {
  readonly stores?: number;
  /** Each store's bucket refill (points/s); small, so that Shopify's rate limit, not our machine, sets the pace. */
  readonly restoreRate?: number;
}

const ratioAtMost = (r: number, baseline: string): Target => ({
  text: `<= ${r}x ${baseline}`,
  isMet: (v, b) => b !== null && b > 0 && v <= r * b,
});

/**
 * The least time one store's bucket allows its calls, in their order, starting empty: each call waits until the
 * bucket holds its requested cost, then keeps only its actual cost (Shopify refunds the rest, reference §3).
 */
export const floorSeconds = (calls: readonly CallLogEntry[], restoreRate: number) => {
  let seconds = 0;
  let level = 0;
  for (const call of calls) {
    const requested = call.requestedQueryCost ?? 0;
    if (level < requested) {
      seconds += (requested - level) / restoreRate;
      level = requested;
    }
    level -= call.actualQueryCost ?? requested;
  }
  return seconds;
};

/**
 * `pnpm bench discounts`, the deployment row: one multi discount (a product rule and a collection rule, resolved
 * per store) deployed to 20 stores through the real projectors, reactor, adapter and emulator, every store's
 * bucket spent when it starts. Its baseline is the emulator's rate-limit floor for the very calls the deployment
 * made (the slowest store's, since stores have their own buckets and run in parallel).
 */
export const benchDiscountDeployment = async (options: DiscountDeploymentBenchOptions = {}): Promise<Figure[]> => {
  const stores = options.stores ?? 20;
  const restoreRate = options.restoreRate ?? 5;
  const logger = pino({ level: 'warn' });
  const slugs = Array.from({ length: stores }, (_, i) => `bench-deploy-${String(i + 1).padStart(2, '0')}`);
  const db = await startBenchDatabase();
  const emulator = await startShopifyEmulator({
    shops: slugs.map((slug) => ({ slug, brandId: 1, countryCode: 'GB' })),
    codesPerShop: 0,
    // Room for the catalog imports; drained before the deployment.
    bucket: { maximumAvailable: 20_000, restoreRate },
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
    logger,
  });
  const projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: createReactors({ shopify, eventStore, db: db.pool }),
    logger,
  });
  try {
    const { runner, jackets } = await givenStores(db.pool, eventStore, slugs, () => projectors.waitForIdle());
    for (const slug of slugs) emulator.bucket(slug).setLevel(0);
    const firstCall = emulator.callLog.entries().length;

    const started = performance.now();
    const discountId = await givenMultiDiscount(
      eventStore,
      slugs.map((_, i) => i + 1),
      [
        { target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' },
        { target: { type: 'collection', id: jackets.id, name: jackets.title }, kind: 'percentage', amount: '10' },
      ],
    );
    const outcomes = async () =>
      (
        await db.pool.query<{ type: string; n: string }>(
          `SELECT type, count(*) AS n FROM es.events WHERE stream_id = $1
           AND type IN ('DiscountDeployed', 'DiscountDeploymentFailed') GROUP BY type`,
          [`discount:${discountId}`],
        )
      ).rows;
    for (;;) {
      const rows = await outcomes();
      if (rows.reduce((sum, r) => sum + Number(r.n), 0) >= stores) break;
      if (performance.now() - started > 600_000) throw new Error('the deployment did not finish in 10 minutes');
      await eventStore.waitForEvents(20);
    }
    const seconds = (performance.now() - started) / 1000;
    const failed = (await outcomes()).find((r) => r.type === 'DiscountDeploymentFailed');
    if (failed) throw new Error(`${failed.n} store(s) failed to deploy`);

    const calls = emulator.callLog
      .entries()
      .slice(firstCall)
      .filter((c) => c.outcome === 'ok');
    const floors = slugs.map((slug) =>
      floorSeconds(
        calls.filter((c) => c.shop === slug),
        restoreRate,
      ),
    );
    const floor = Math.max(...floors);
    const throttled = emulator.callLog
      .entries()
      .slice(firstCall)
      .filter((c) => c.outcome === 'throttled').length;
    console.log(
      `deployment: ${stores} stores in ${seconds.toFixed(2)} s; ${calls.length} calls (${throttled} throttled); slowest store's floor ${floor.toFixed(2)} s`,
    );
    return [
      figure({
        name: `deploy one multi discount to ${stores} stores (buckets spent, ${restoreRate} points/s each)`,
        value: seconds,
        unit: 's',
        baseline: floor,
        target: ratioAtMost(1.5, "the emulator's rate-limit floor for those calls"),
      }),
      figure({
        name: `the same floor with the ${stores} stores one after another (for comparison)`,
        value: floors.reduce((sum, f) => sum + f, 0),
        unit: 's',
        baseline: floor,
        target: null,
      }),
    ];
  } finally {
    await projectors.stop();
    await eventStore.close();
    await emulator.stop();
    await db.stop();
  }
};
