import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, createPostgresEventStore, type EventStore } from '../src';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const appendSql =
  "SELECT * FROM es.append_events($1, $2, ARRAY[gen_random_uuid()], ARRAY['Racer'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb], now())";

const waitersOnLocks = async () =>
  (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted')).rows[0]!.n;

describe('When an add of codes meets a racer on its contended codes stream', () => {
  it('waits on that stream before taking any of its ledger streams', async () => {
    const codes = 'discount-codes:contended';
    await store.append(codes, [{ type: 'Seeded', data: {} }], { expected: 'no_stream' });
    // Enough ledger streams for the bulk path; they sort before the codes stream by id.
    const ledgers = Array.from({ length: 80 }, (_, i) => `code-reservation:1:contended-${i}`);
    const racer = await db.pool.connect();
    const bystander = await db.pool.connect();
    try {
      await racer.query('BEGIN');
      await racer.query(appendSql, [codes, '1']);
      const add = store.appendMany([
        ...ledgers.map((streamId) => ({
          streamId,
          events: [{ type: 'Reserved', data: {} }],
          expected: 'no_stream' as const,
        })),
        { streamId: codes, events: [{ type: 'Added', data: {} }], expected: 1n, contended: true },
      ]);
      add.catch(() => undefined);
      while ((await waitersOnLocks()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // Another writer reserving one of those codes is not held up by the add waiting on the codes stream.
      await bystander.query("SET lock_timeout = '2s'");
      await expect(bystander.query(appendSql, [ledgers[0], 'no_stream'])).resolves.toBeDefined();
      await racer.query('COMMIT');
      const lost = await add.then(
        () => null,
        (error: unknown) => error,
      );
      expect(lost).toBeInstanceOf(ConcurrencyError);
      expect((lost as ConcurrencyError).streamId).toBe(codes);
    } finally {
      racer.release();
      bystander.release();
    }
  });
});
