import { randomUUID } from 'node:crypto';
import type { EventStore } from '@dm/event-store';
import type pg from 'pg';

export const writers = 8;
const streamsPerWriter = 50;

// A realistic event: a few hundred bytes of data and the audit metadata every event carries.
const data = (i: number) => ({
  discountId: randomUUID(),
  code: `SUMMER-${i}`,
  storeIds: ['aurora-uk', 'aurora-de'],
  influencerName: null,
  addedAt: new Date().toISOString(),
});
const metadata = {
  actorId: 'bench',
  actorEmail: 'bench@demo.test',
  brandId: 1,
  correlationId: randomUUID(),
  causationId: null,
  commandId: randomUUID(),
};

/** The baseline: the same rows, stream versions computed by the caller, one plain INSERT … SELECT FROM unnest. */
export const createRawTable = async (pool: pg.Pool): Promise<void> => {
  await pool.query('CREATE SCHEMA IF NOT EXISTS bench');
  await pool.query('DROP TABLE IF EXISTS bench.raw_events');
  await pool.query('CREATE TABLE bench.raw_events (LIKE es.events INCLUDING ALL)'); // same columns, defaults, indexes
  await pool.query('INSERT INTO bench.raw_events SELECT * FROM es.events'); // and the same rows: equal index sizes
  await pool.query('ANALYZE bench.raw_events, es.events');
};

export type Appender = (writer: number, stream: string, expected: bigint, size: number, seq: number) => Promise<void>;

export const storeAppender =
  (store: EventStore): Appender =>
  async (_w, stream, expected, size, seq) => {
    await store.append(
      stream,
      Array.from({ length: size }, (_, i) => ({ type: 'DiscountCodeAdded', data: data(seq + i), metadata })),
      { expected },
    );
  };

export const rawAppender =
  (pool: pg.Pool): Appender =>
  async (_w, stream, expected, size, seq) => {
    const events = Array.from({ length: size }, (_, i) => i);
    // Named, as the store's own append statement is: prepared once per connection on both sides.
    await pool.query({
      name: 'bench-raw-append',
      text: `INSERT INTO bench.raw_events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
     SELECT $1, v, id, t, 1, d, m, now() FROM unnest($2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) AS u(v, id, t, d, m)`,
      values: [
        stream,
        events.map((i) => (expected + BigInt(i + 1)).toString()),
        events.map(() => randomUUID()),
        events.map(() => 'DiscountCodeAdded'),
        events.map((i) => JSON.stringify(data(seq + i))),
        events.map(() => JSON.stringify(metadata)),
      ],
    });
  };

/**
 * `writers` concurrent loops, each appending `size` events per transaction to its own streams with the right
 * expected version, for `ms` milliseconds. Returns events per second.
 */
export const measureAppends = async (append: Appender, size: number, ms: number, label: string): Promise<number> => {
  let total = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const versions = new Map<string, bigint>();
      for (let i = 0; performance.now() < deadline; i += 1) {
        const stream = `${label}-${size}-${w}-${i % streamsPerWriter}`;
        const expected = versions.get(stream) ?? 0n;
        await append(w, stream, expected, size, i * size);
        versions.set(stream, expected + BigInt(size));
        total += size;
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
};
