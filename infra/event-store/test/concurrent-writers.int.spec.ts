import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresEventStore, type EventStore } from '../src';
import { startSubscriber } from './subscriber';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase({ max: 24 });
  store = createPostgresEventStore({ pool: db.pool });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const writers = 16;
const transactionsPerWriter = 25;
const streams = Array.from({ length: 8 }, (_, i) => `counter-${i}`);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One writer: explicit transactions that append, then sleep a random while before COMMIT, so commits reorder. */
const write = async (writer: number): Promise<number> => {
  const client = await db.pool.connect();
  let written = 0;
  try {
    for (let t = 0; t < transactionsPerWriter; t += 1) {
      const count = 1 + Math.floor(Math.random() * 4);
      if (t % 3 === 0) {
        // the store's own multi-stream path, interleaved with the slow transactions
        await store.appendMany([
          {
            streamId: pick(streams),
            events: Array.from({ length: count }, () => ({ type: 'Fast', data: { writer } })),
            expected: 'any',
          },
        ]);
      } else {
        await client.query('BEGIN');
        await client.query(
          'SELECT * FROM es.append_events($1, $2, $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], now())',
          [
            pick(streams),
            'any',
            Array.from({ length: count }, () => randomUUID()),
            Array(count).fill('Slow'),
            Array(count).fill(1),
            Array(count).fill(JSON.stringify({ writer })),
            Array(count).fill('{}'),
          ],
        );
        await client.query('SELECT pg_sleep($1)', [Math.random() * 0.02]);
        await client.query('COMMIT');
      }
      written += count;
    }
  } finally {
    client.release();
  }
  return written;
};

it('should deliver every event exactly once, in each stream’s order, to a live subscriber of 16 writers', async () => {
  const subscriber = startSubscriber(store, { pollMs: 50 });
  const total = (await Promise.all(Array.from({ length: writers }, (_, w) => write(w)))).reduce((a, b) => a + b, 0);
  await subscriber.until(total);
  await store.waitForEvents(100); // anything beyond `total` would be a duplicate: give it a moment to show up
  await subscriber.stop();
  const { received } = subscriber;

  const ids = new Set(received.map((e) => e.eventId));
  const stored = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events');
  let positionGoesBack = 0;
  received.forEach((e, i) => {
    if (i > 0 && e.globalPosition < received[i - 1]!.globalPosition) positionGoesBack += 1;
  });
  console.log(
    `16 writers: ${total} events written, ${stored.rows[0]?.n} stored, ${received.length} delivered, ` +
      `${ids.size} distinct; ${positionGoesBack} times a later-delivered event had a smaller global position`,
  );
  expect(Number(stored.rows[0]?.n)).toBe(total);
  expect(received).toHaveLength(total);
  expect(ids.size).toBe(total);
  for (const streamId of streams) {
    const versions = received.filter((e) => e.streamId === streamId).map((e) => e.streamVersion);
    expect(versions).toEqual(versions.map((_, i) => BigInt(i + 1)));
  }
});
