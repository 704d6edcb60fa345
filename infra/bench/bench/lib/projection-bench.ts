import type { EventStore, LogPosition } from '@dm/event-store';
import { logStart } from '@dm/event-store';
import { defineProjection, startProjectionRunner } from '@dm/projectors';
import type pg from 'pg';
import { pino } from 'pino';

/** Loads `count` BrandRegistered events (500 per append), the log the read-side figures are measured on. */
export const loadLog = async (store: EventStore, count: number): Promise<void> => {
  for (let start = 0; start < count; start += 500) {
    const events = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      type: 'BrandRegistered',
      data: { brandId: start + i + 1, name: `Brand ${start + i + 1}`, registeredAt: '2026-01-01T00:00:00.000Z' },
      metadata: { actorId: 'bench', actorEmail: null, correlationId: 'bench', causationId: null, commandId: 'bench' },
    }));
    await store.append(`bench-brands-${start}`, events, { expected: 'no_stream' });
  }
};

const perSecond = (count: number, started: number) => count / ((performance.now() - started) / 1000);

/** `readAll` alone, pages of 1000 from the start: events per second. */
export const measureReadAll = async (store: EventStore): Promise<{ rate: number; events: number }> => {
  const started = performance.now();
  let at: LogPosition = logStart;
  let events = 0;
  for (;;) {
    const batch = await store.readAll(at, 1000);
    const last = batch.at(-1);
    if (!last) break;
    at = { txId: last.txId, position: last.globalPosition };
    events += batch.length;
  }
  return { rate: perSecond(events, started), events };
};

const upsertOne = 'INSERT INTO rm.bench_brands (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = $2';
// One statement per run of events; DISTINCT ON keeps the last event per id (ON CONFLICT cannot touch a row twice).
const upsertMany = `INSERT INTO rm.bench_brands (id, name)
  SELECT DISTINCT ON (id) id, name FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS u(id, name, ord) ORDER BY id, ord DESC
  ON CONFLICT (id) DO UPDATE SET name = excluded.name`;

/** The real projection runner from a fresh checkpoint to the end of the log: events per second. */
export const measureRunner = async (
  pool: pg.Pool,
  store: EventStore,
  events: number,
  options: { batchSize: number; bulk: boolean; round?: number },
): Promise<number> => {
  await pool.query('CREATE TABLE IF NOT EXISTS rm.bench_brands (id int PRIMARY KEY, name text NOT NULL)');
  const projection = defineProjection({
    name: `bench-brands-${options.bulk ? 'bulk' : 'single'}-${options.round ?? 0}`,
    version: 1,
    tables: ['rm.bench_brands'],
    handles: options.bulk
      ? {}
      : { BrandRegistered: async ({ data }, tx) => void (await tx.query(upsertOne, [data.brandId, data.name])) },
    handlesMany: options.bulk
      ? {
          BrandRegistered: async (run, tx) =>
            void (await tx.query(upsertMany, [run.map((e) => e.data.brandId), run.map((e) => e.data.name)])),
        }
      : {},
  });
  await pool.query('TRUNCATE rm.bench_brands');
  const started = performance.now();
  const runner = startProjectionRunner({
    pool,
    eventStore: store,
    projection,
    logger: pino({ level: 'warn' }),
    batchSize: options.batchSize,
  });
  await runner.waitForIdle();
  const rate = perSecond(events, started);
  await runner.stop();
  return rate;
};

/**
 * The SQL-only ceiling for the same work: read the same rows in log order and upsert them with one
 * INSERT … SELECT per batch of 10,000, checkpoint in the same transaction. No network per event, no parsing.
 */
export const measureSqlCeiling = async (pool: pg.Pool, events: number): Promise<number> => {
  await pool.query('CREATE TABLE IF NOT EXISTS rm.bench_ceiling (id int PRIMARY KEY, name text NOT NULL)');
  await pool.query('TRUNCATE rm.bench_ceiling'); // every round inserts fresh rows, as the runner's do
  await pool.query(
    "INSERT INTO es.checkpoints (name, version) VALUES ('bench:ceiling', 1) ON CONFLICT (name) DO UPDATE SET tx_id = '0', position = 0",
  );
  const started = performance.now();
  for (let done = 0; ;) {
    const { rows } = await pool.query<{ n: string }>(
      `WITH cp AS (SELECT tx_id, position FROM es.checkpoints WHERE name = 'bench:ceiling'),
       batch AS (
         SELECT e.tx_id, e.global_position, e.type, e.data FROM es.events e, cp
         WHERE (e.tx_id, e.global_position) > (cp.tx_id, cp.position) AND e.tx_id < (SELECT es.read_horizon())
         ORDER BY e.tx_id, e.global_position LIMIT 10000),
       upserted AS (
         INSERT INTO rm.bench_ceiling (id, name)
         SELECT (data->>'brandId')::int, data->>'name' FROM batch WHERE type = 'BrandRegistered'
         ON CONFLICT (id) DO UPDATE SET name = excluded.name RETURNING 1),
       last AS (SELECT tx_id, global_position FROM batch ORDER BY tx_id DESC, global_position DESC LIMIT 1),
       moved AS (UPDATE es.checkpoints c SET tx_id = last.tx_id, position = last.global_position FROM last
                 WHERE c.name = 'bench:ceiling' RETURNING 1)
       SELECT (SELECT count(*) FROM batch) AS n, (SELECT count(*) FROM upserted), (SELECT count(*) FROM moved)`,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n === 0) break;
    done += n;
    if (done >= events) break;
  }
  return perSecond(events, started);
};
