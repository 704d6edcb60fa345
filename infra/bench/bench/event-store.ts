// `pnpm bench event-store`: read-side throughput (readAll, the projection runner) against a SQL-only ceiling,
// the HTTP command path against a bare route, and append throughput against a raw INSERT, on one embedded
// PostgreSQL in one run.
import { createPostgresEventStore } from '@dm/event-store';
import { allOf, atLeast, figure, median, ratioAtLeast, reportBench, type Figure } from '../src/index';
import { createRawTable, measureAppends, rawAppender, storeAppender, writers } from './lib/append-bench';
import { startBenchDatabase } from './lib/bench-database';
import { httpCommandPathFigures, measureHttpCommandPath } from './lib/http-command-path';
import { loadLog, measureReadAll, measureRunner, measureSqlCeiling } from './lib/projection-bench';

const appendMs = Number(process.env.BENCH_APPEND_MS ?? 1_500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const logSize = Number(process.env.BENCH_LOG_EVENTS ?? 100_000);
const httpSeconds = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const runnerBatch = 1000;

const db = await startBenchDatabase();
const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
const figures: Figure[] = [];
try {
  // Read side first, on a log of `logSize` BrandRegistered events.
  console.log(`loading ${logSize} events…`);
  await loadLog(store, logSize);
  const readAll = await measureReadAll(store);
  // Rounds of the ceiling and the bulk runner back to back (order alternating), medians.
  const [ceilings, bulks]: [number[], number[]] = [[], []];
  for (let round = 0; round < rounds; round += 1) {
    const runner = () => measureRunner(db.pool, store, logSize, { batchSize: runnerBatch, bulk: true, round });
    const sql = () => measureSqlCeiling(db.pool, logSize);
    if (round % 2 === 0) {
      ceilings.push(await sql());
      bulks.push(await runner());
    } else {
      bulks.push(await runner());
      ceilings.push(await sql());
    }
  }
  const [ceiling, bulk] = [median(ceilings), median(bulks)];
  const single = await measureRunner(db.pool, store, logSize, { batchSize: runnerBatch, bulk: false });
  figures.push(
    figure({
      name: 'readAll (pages of 1000)',
      value: readAll.rate,
      unit: 'events/s',
      baseline: null,
      target: atLeast(30_000, 'events/s'),
    }),
    figure({
      name: `SQL-only projection ceiling (INSERT … SELECT, 10k batches), median of ${rounds}`,
      value: ceiling,
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
    figure({
      name: `projection runner, bulk handler (handlesMany), batches of ${runnerBatch}, median of ${rounds}`,
      value: bulk,
      unit: 'events/s',
      baseline: ceiling,
      target: allOf(atLeast(30_000, 'events/s'), ratioAtLeast(0.6, 'SQL ceiling')),
    }),
    // Kept to show what the bulk handler buys: one round trip per event.
    figure({
      name: `projection runner, one statement per event (handles), batches of ${runnerBatch}`,
      value: single,
      unit: 'events/s',
      baseline: ceiling,
      target: null,
    }),
  );

  // The HTTP command path after the bulk phase, in the same database: the brands projection now holds the
  // log's brands, as a lived-in system would (a super admin's session once listed them all, decision 0320).
  const http = await measureHttpCommandPath(db.url, { duration: httpSeconds, rounds });
  figures.push(...httpCommandPathFigures(http, { seconds: httpSeconds, rounds }));

  // Append: per size, `rounds` rounds of ours and raw back to back (order alternating), the median of each.
  await createRawTable(db.pool);
  const ours = storeAppender(store);
  const raw = rawAppender(db.pool);
  await measureAppends(ours, 10, 500, 'warm-ours');
  await measureAppends(raw, 10, 500, 'warm-raw');
  for (const size of [1, 10, 100]) {
    const [a, b]: [number[], number[]] = [[], []];
    for (let round = 0; round < rounds; round += 1) {
      const pair = [
        () => measureAppends(ours, size, appendMs, `ours-${round}`),
        () => measureAppends(raw, size, appendMs, `raw-${round}`),
      ];
      const [first, second] = round % 2 === 0 ? pair : [pair[1]!, pair[0]!];
      const [x, y] = [await first!(), await second!()];
      a.push(round % 2 === 0 ? x : y);
      b.push(round % 2 === 0 ? y : x);
    }
    figures.push(
      figure({
        name: `append, ${size} event(s)/tx, ${writers} writers, median of ${rounds}`,
        value: median(a),
        unit: 'events/s',
        baseline: median(b),
        target: ratioAtLeast(0.9, 'raw INSERT (both named prepared statements)'),
      }),
    );
  }

  reportBench('event-store', figures);
} finally {
  await store.close();
  await db.stop();
}
