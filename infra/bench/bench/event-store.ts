// `pnpm bench event-store`: append throughput against a raw INSERT baseline, and read-side throughput
// (readAll, the projection runner) against a SQL-only ceiling, all on one embedded PostgreSQL in one run.
import { figure, reportBench, type Figure } from '../src/index';
import { createPostgresEventStore } from '@dm/event-store';
import { createRawTable, measureAppends, rawAppender, storeAppender, writers } from './lib/append-bench';
import { createSiblingDatabase, startBenchDatabase } from './lib/bench-database';
import { measureHttpCommandPath } from './lib/http-command-path';
import { loadLog, measureReadAll, measureRunner, measureSqlCeiling } from './lib/projection-bench';

const appendMs = Number(process.env.BENCH_APPEND_MS ?? 1_500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const logSize = Number(process.env.BENCH_LOG_EVENTS ?? 100_000);
const runnerBatch = 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const db = await startBenchDatabase();
const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
const figures: Figure[] = [];
try {
  // HTTP command path first, in its own database, before the bulk phases below load the server (after them
  // this figure drops sharply; cause not yet found, see the platform issue's closing note).
  const httpDatabase = await createSiblingDatabase(db.url, 'bench_http');
  const http = await measureHttpCommandPath(httpDatabase, Number(process.env.BENCH_HTTP_SECONDS ?? 10));
  figures.push(
    figure({
      name: 'HTTP command path, 32 connections (autocannon)',
      value: http.requestsPerSecond,
      unit: 'commands/s',
      baseline: http.rawSingleEventCeiling,
      target: '>= 0.3x raw single-event ceiling',
      met: http.requestsPerSecond >= 0.3 * http.rawSingleEventCeiling,
    }),
    figure({ name: 'HTTP command path p99 latency', value: http.p99Ms, unit: 'ms', baseline: null, target: '< 50 ms', met: http.p99Ms < 50 }),
    figure({ name: 'HTTP command path non-2xx answers', value: http.non2xx, unit: 'answers', baseline: null, target: '0', met: http.non2xx === 0 }),
  );

  // Read side next, on a log holding only the events it measures.
  console.log(`loading ${logSize} events…`);
  await loadLog(store, logSize);
  const readAll = await measureReadAll(store);
  // Like the appends below: rounds of the ceiling and the bulk runner back to back (order alternating), medians.
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
  const runnerTarget = (rate: number) => rate >= 30_000 && rate >= 0.6 * ceiling;
  figures.push(
    figure({
      name: 'readAll (pages of 1000)',
      value: readAll.rate,
      unit: 'events/s',
      baseline: null,
      target: '>= 30000 events/s',
      met: readAll.rate >= 30_000,
    }),
    figure({
      name: `SQL-only projection ceiling (INSERT … SELECT, 10k batches), median of ${rounds}`,
      value: ceiling,
      unit: 'events/s',
      baseline: null,
      target: 'baseline',
      met: true,
    }),
    figure({
      name: `projection runner, bulk handler (handlesMany), batches of ${runnerBatch}, median of ${rounds}`,
      value: bulk,
      unit: 'events/s',
      baseline: ceiling,
      target: '>= 30000 events/s and >= 0.6x SQL ceiling',
      met: runnerTarget(bulk),
    }),
    figure({
      name: `projection runner, one statement per event (handles), batches of ${runnerBatch}`,
      value: single,
      unit: 'events/s',
      baseline: ceiling,
      target: '>= 30000 events/s and >= 0.6x SQL ceiling',
      met: runnerTarget(single),
    }),
  );

  // Append: per size, `rounds` rounds of ours and raw back to back (order alternating), the median of each.
  // The machines are shared; alternating and taking medians keeps one noisy second from deciding a figure.
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
    const [value, baseline] = [median(a), median(b)];
    figures.push(
      figure({
        name: `append, ${size} event(s)/tx, ${writers} writers`,
        value,
        unit: 'events/s',
        baseline,
        target: '>= 0.9x raw INSERT',
        met: value >= 0.9 * baseline,
      }),
    );
  }

  reportBench('event-store', figures);
} finally {
  await store.close();
  await db.stop();
}
