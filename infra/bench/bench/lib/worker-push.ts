import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { discountCodesStream, upcasters } from '@dm/events';
import { kafkajsPort } from '@dm/kafka';
import { startKafka } from '@dm/kafka/testing';
import { projections, startProjectors, startRelay } from '@dm/projectors';
import {
  addCodes,
  givenDiscount,
  givenStores,
  requestProductImports,
  slugOf,
  startWorkerProcess,
  type WorkerProcess,
} from '@dm/projectors/testing';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { shopDomainOf, type StoreConfig } from '@dm/shopify';
import { pino } from 'pino';
import { until } from '../../src/until';
import { startBenchDatabase } from './bench-database';

export const pushStores = 30;
export const pushCodes = 10_000;
/** What a real store's answer takes, about: the push is then bound by the calls a worker has in flight. */
export const callLatencyMs = 250;
const push = 'discount-codes-push';

/** The emulated stores in a process of their own (decision 1560), answering each call after `callLatencyMs`. */
const startPushEmulator = async (slugs: readonly string[]) => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'push-emulator-process.ts'),
      slugs.join(','),
      `${callLatencyMs}`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error('The emulated stores did not start');
  const info = JSON.parse(first.value) as {
    url: string;
    tokens: Record<string, string>;
    functionIds: Record<string, string>;
  };
  const stores: StoreConfig[] = slugs.map((slug) => ({
    slug,
    domain: shopDomainOf(slug),
    token: info.tokens[slug] ?? null,
    functionId: info.functionIds[slug] ?? null,
  }));
  return {
    url: info.url,
    stores,
    stop: async () => {
      child.stdin.end('stop\n');
      await exited;
    },
  };
};

export interface WorkerPushRun {
  readonly workers: number;
  /** From the first add appended to the last chunk's outcome. */
  readonly seconds: number;
  /** With a SIGKILL after the push: from the kill to a survivor's first effect on one of the dead worker's stores. */
  readonly takeoverMs: number | null;
  /** The takeover's first part: from the kill to a survivor's new share of the push group's partitions. */
  readonly reassignedMs: number | null;
}

/**
 * A push of 10,000 codes (ten adds of 1,000) to 30 emulated stores by `workers` real worker processes, each store's
 * answers delayed by `callLatencyMs`; a broker, database and emulator of its own. The reservations are left out of
 * the log (the relay's rate is its own row): what is measured is the workers' push. With `kill`, one worker is
 * SIGKILLed afterwards and one more add pushed, to time the takeover.
 */
export const measureWorkerPush = async (workers: number, kill: boolean): Promise<WorkerPushRun> => {
  const logger = pino({ level: 'silent' });
  const storeIds = Array.from({ length: pushStores }, (_, i) => i + 1);
  const kafka = await startKafka();
  const db = await startBenchDatabase();
  const eventStore = createPostgresEventStore({
    pool: db.pool,
    connectionString: db.url,
    upcast: chainUpcasters(upcasters),
  });
  const emulator = await startPushEmulator(storeIds.map(slugOf));
  const port = kafkajsPort({ brokers: kafka.brokers, clientId: 'bench-workers' });
  const projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: [],
    logger,
    hashChain: false,
  });
  const relay = startRelay({ pool: db.pool, eventStore, kafka: port, logger, pollMs: 50 });
  const running: WorkerProcess[] = [];
  const stderr: string[] = [];
  const count = async (sql: string, values: unknown[]) =>
    (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, values)).rows[0]!.n;
  /** What the log holds, by event type: the progress of a slow run and the diagnosis of a stuck one. */
  const typesOf = async () =>
    (
      await db.pool.query<{ type: string; n: number }>(
        'SELECT type, count(*)::int AS n FROM es.events GROUP BY type ORDER BY type',
      )
    ).rows
      .map((r) => `${r.type} ${r.n}`)
      .join(', ');
  try {
    await givenStores(eventStore, storeIds);
    await projectors.waitForIdle();
    const env = {
      DATABASE_URL: db.url,
      KAFKA_BROKERS: kafka.brokers.join(','),
      SHOPIFY_URL: emulator.url,
      SHOPIFY_STORES: JSON.stringify(emulator.stores),
      CODES_PUSH_ACCEPTANCE_GRACE_MS: '5000',
    };
    for (let i = 0; i < workers; i++) running.push(startWorkerProcess(env, stderr));
    const spread = () => {
      const held = running.map((w) => w.assigned(push) ?? []);
      return held.every((h) => h.length > 0) && new Set(held.flat()).size === 12 && held.flat().length === 12;
    };
    await until(async () => spread(), 120_000, `${workers} workers joining the push group`);
    await requestProductImports(eventStore, storeIds);
    await until(
      async () => (await count("SELECT 1 FROM es.events WHERE type = 'CatalogImportSucceeded'", [])) === pushStores,
      300_000,
      'the catalog imports',
    );
    await projectors.waitForIdle();
    const runner = (
      await db.pool.query<{ id: string; title: string }>(
        "SELECT id, title FROM rm.catalog_products WHERE store_id = 1 AND title LIKE '% Runner' ORDER BY title LIMIT 1",
      )
    ).rows[0]!;
    const discountId = await givenDiscount(eventStore, storeIds, 'SEED-BENCH', runner);
    await until(
      async () => (await count("SELECT 1 FROM es.events WHERE type = 'DiscountDeployed'", [])) === pushStores,
      300_000,
      'the deployment',
    );
    const pushed = () =>
      count('SELECT 1 FROM es.events WHERE stream_id = $1 AND type = $2', [
        discountCodesStream(discountId),
        'DiscountCodesPushed',
      ]);
    const started = performance.now();
    for (let a = 0; a < pushCodes / 1000; a++) {
      const codes = Array.from({ length: 1000 }, (_, i) => `W${workers}-${a}-${i}`);
      await eventStore.appendMany(addCodes(discountId, codes, storeIds, { reservations: false }));
    }
    const chunks = (pushStores * pushCodes) / 250;
    let reported = Date.now();
    await until(
      async () => {
        const n = await pushed();
        if (Date.now() - reported > 30_000) {
          reported = Date.now();
          console.log(`workers: ${workers} worker(s), ${n} of ${chunks} chunks pushed; ${await typesOf()}`);
        }
        return n >= chunks;
      },
      900_000,
      'the push',
    );
    const seconds = (performance.now() - started) / 1000;
    let takeoverMs: number | null = null;
    let reassignedMs: number | null = null;
    if (kill) {
      const [victim, ...survivors] = running as [WorkerProcess, ...WorkerProcess[]];
      const victimStores = new Set(victim.effects(push).map((l) => l.storeId));
      const killedAt = Date.now();
      victim.child.kill('SIGKILL');
      await victim.exited;
      const codes = Array.from({ length: 1000 }, (_, i) => `KILL-${i}`);
      await eventStore.appendMany(addCodes(discountId, codes, storeIds, { reservations: false }));
      const takenOver = () =>
        survivors.flatMap((w) => w.effects(push)).filter((l) => l.time > killedAt && victimStores.has(l.storeId));
      await until(async () => takenOver().length > 0, 120_000, 'the takeover');
      takeoverMs = Math.min(...takenOver().map((l) => l.time)) - killedAt;
      const reassigned = survivors.flatMap((w) =>
        w.lines.filter((l) => l.msg === 'partitions assigned' && l.reactor === push && l.time > killedAt),
      );
      reassignedMs = reassigned.length > 0 ? Math.min(...reassigned.map((l) => l.time)) - killedAt : null;
    }
    return { workers, seconds, takeoverMs, reassignedMs };
  } catch (error) {
    console.error(stderr.join('').slice(-4000));
    console.error(await typesOf().catch(() => 'the log could not be read'));
    throw error;
  } finally {
    for (const worker of running) worker.child.kill('SIGTERM');
    await Promise.all(running.map((w) => w.exited));
    await relay.stop();
    await projectors.stop();
    await port.close();
    await emulator.stop();
    await eventStore.close();
    await db.stop();
    await kafka.stop();
  }
};
