// `pnpm bench audit`: a log of 5,000,000 events (two brands' discounts, reservations and deployments, staff as
// actors) COPY'd into the event store, chained by the hash-chain runner; then `verify` beside a raw read of the
// log, and the as-of of a discount with 10,000 events over HTTP beside its SQL, in one run (decision 1260).
import os from 'node:os';
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { projections, rebuildAll, startHashChainRunner } from '@dm/projectors';
import { buildApp } from '@dm/query-api/build-app';
import { createSession } from '@dm/server-kit';
import pino from 'pino';
import { measureAsOf, measureAuditPages, measureVerify } from '../src/audit-reads';
import { appendLongDiscount, grantAuditActors, loadAuditLog } from '../src/audit-world';
import { createBrandsAndStores } from '../src/discounts-world';
import { figure, reportBench, type Figure } from '../src/index';
import { startBenchDatabase } from './lib/bench-database';

const total = Number(process.env.BENCH_AUDIT_EVENTS ?? 5_000_000);
const longHistory = Number(process.env.BENCH_AS_OF_EVENTS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const logger = pino({ level: 'warn' });
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const db = await startBenchDatabase();
const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
const commands = createCommandBus({ eventStore });
const figures: Figure[] = [];
try {
  const brands = await createBrandsAndStores(commands);
  await grantAuditActors(commands);
  await commands.grantPermission(
    { email: 'bench-admin@bench.test', permissionLevel: 'admin', brandIds: brands.map((b) => b.id) },
    systemActor,
  );
  // The read models the query API needs (stores, staff and their brands), projected before the bulk arrives.
  await rebuildAll({ pool: db.pool, eventStore, projections, logger, batchSize: 1000 });
  console.log(`loading ${total} events…`);
  let started = performance.now();
  const loaded = await loadAuditLog(db.pool, eventStore, {
    total: total - longHistory - 3,
    templateDiscounts: Math.min(2_000, Math.max(10, Math.floor(total / 2_500))),
  });
  const discountId = await appendLongDiscount(eventStore, longHistory);
  const loadSeconds = (performance.now() - started) / 1000;
  await db.pool.query('VACUUM (ANALYZE) es.events');
  const events = Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events')).rows[0]!.n);
  figures.push(
    figure({
      name: `load the log: ${loaded.copied} events COPY'd (copies of ${loaded.templates} appended ones) and ${events - loaded.copied} appended; log ${events} events`,
      value: events / loadSeconds,
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
  );

  console.log('projecting the audit log…');
  started = performance.now();
  const audit = projections.filter((p) => p.name === 'audit-log');
  await rebuildAll({ pool: db.pool, eventStore, projections: audit, logger, batchSize: 5_000 });
  figures.push(
    figure({
      name: 'project the audit log (rm.audit_log) from empty, batches of 5,000',
      value: events / ((performance.now() - started) / 1000),
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
  );
  await db.pool.query('VACUUM (ANALYZE) rm.audit_log');

  console.log('projecting the as-of snapshots…');
  started = performance.now();
  const snapshots = projections.filter((p) => p.name === 'discount-fold-snapshots');
  await rebuildAll({ pool: db.pool, eventStore, projections: snapshots, logger, batchSize: 5_000 });
  figures.push(
    figure({
      name: 'project the as-of snapshots (rm.discount_fold_snapshots) from empty, batches of 5,000',
      value: events / ((performance.now() - started) / 1000),
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
  );
  await db.pool.query('VACUUM (ANALYZE) rm.discount_fold_snapshots, rm.discount_fold_counts');

  console.log('chaining…');
  started = performance.now();
  const chain = startHashChainRunner({ pool: db.pool, eventStore, logger, batchSize: 20_000, pollMs: 50 });
  await chain.waitForIdle();
  await chain.stop();
  figures.push(
    figure({
      name: `build the chain: the hash-chain runner from an empty chain, batches of 20,000`,
      value: events / ((performance.now() - started) / 1000),
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
  );
  await db.pool.query('VACUUM (ANALYZE) es.event_chain');

  console.log(`verify and raw read (load average ${load()})…`);
  figures.push(...(await measureVerify(db.pool, rounds)));

  const app = await buildApp({ db: db.pool, publicUrl: 'http://localhost:3000', projections, logLevel: 'warn' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSession(db.pool, {
    email: 'bench-admin@bench.test',
    userId: 'bench-admin',
    firstName: 'Bench',
    lastName: 'Admin',
    profileImageUrl: null,
    idToken: null,
  });
  try {
    console.log(`audit pages (load average ${load()})…`);
    // The time of the log's middle tenth of events (the bulk's times are 6 s apart, the world's are today's).
    const at = async (share: number) =>
      (
        await db.pool.query<{ t: string }>(
          `SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS t
           FROM rm.audit_log ORDER BY position OFFSET $1 LIMIT 1`,
          [Math.floor(events * share)],
        )
      ).rows[0]!.t;
    const middleTenth = { from: await at(0.45), to: await at(0.55) };
    const filters: { name: string; query: Record<string, string> }[] = [
      { name: 'unfiltered, newest', query: {} },
      { name: 'by person', query: { person: 'staff3@brand2.test' } },
      { name: 'by entity kind', query: { entity: 'discount' } },
      { name: 'by entity', query: { entity: `discount:${discountId}` } },
      { name: 'by type and time range', query: { type: 'DiscountDeployed', ...middleTenth } },
    ];
    const scope = brands.map((b) => b.id);
    figures.push(...(await measureAuditPages(db.pool, base, `dm_session=${token}`, scope, filters, samples)));
    console.log(`as-of (load average ${load()})…`);
    figures.push(...(await measureAsOf(db.pool, base, `dm_session=${token}`, discountId, samples)));
  } finally {
    await app.close();
  }
  console.log(`load average at the end: ${load()}`);
} finally {
  await eventStore.close();
  await db.stop();
}
reportBench('audit', figures);
