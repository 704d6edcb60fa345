import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, createPostgresEventStore, type EventStore, type NewEvent, type StreamAppend } from '../src';

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

const racerAppendSql =
  "SELECT * FROM es.append_events($1, $2, ARRAY[gen_random_uuid()], ARRAY['Racer'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb], now())";
const someoneWaitsOnALock = async () =>
  (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted')).rows[0]!.n > 0;
const added: NewEvent[] = [{ type: 'Added', data: {} }];
const typesOf = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.type);

/**
 * An add of codes: 80 ledger streams (the bulk path) and the discount's codes stream at version 1, while a racer
 * (the push reactor) holds that stream's version 2 in an open transaction, then commits.
 */
const addBesideARacer = async (name: string, rebase?: (actual: bigint) => readonly NewEvent[] | null) => {
  const codes = `discount-codes:${name}`;
  await store.append(codes, [{ type: 'Seeded', data: {} }], { expected: 'no_stream' });
  const ledgers = Array.from({ length: 80 }, (_, i) => `code-reservation:1:${name}-${i}`);
  const appends: StreamAppend[] = [
    ...ledgers.map((streamId) => ({
      streamId,
      events: [{ type: 'Reserved', data: {} }],
      expected: 'no_stream' as const,
    })),
    { streamId: codes, events: added, expected: 1n, ...(rebase ? { rebase } : {}) },
  ];
  const racer: pg.PoolClient = await db.pool.connect();
  try {
    await racer.query('BEGIN');
    await racer.query(racerAppendSql, [codes, '1']);
    const add = store.appendMany(appends).then(
      () => null,
      (error: unknown) => error,
    );
    while (!(await someoneWaitsOnALock())) await new Promise((resolve) => setTimeout(resolve, 10));
    await racer.query('COMMIT');
    return { failure: await add, codes, ledgers };
  } finally {
    await racer.query('ROLLBACK').catch(() => undefined);
    racer.release();
  }
};

describe("When an add's rebased codes stream moves while its ledger streams are written", () => {
  it('should append its events after the racer’s, deciding again at the version the stream moved to', async () => {
    const seen: bigint[] = [];
    const { failure, codes, ledgers } = await addBesideARacer('rebased', (actual) => {
      seen.push(actual);
      return added;
    });
    expect(failure).toBeNull();
    expect(seen).toEqual([2n]);
    expect(await typesOf(codes)).toEqual(['Seeded', 'Racer', 'Added']);
    expect(await typesOf(ledgers[79]!)).toEqual(['Reserved']);
  });

  it('should write nothing when the caller decides no again', async () => {
    const { failure, codes, ledgers } = await addBesideARacer('refused', () => null);
    expect(failure).toBeInstanceOf(ConcurrencyError);
    expect(await typesOf(codes)).toEqual(['Seeded', 'Racer']);
    expect(await typesOf(ledgers[0]!)).toEqual([]);
  });

  it('should fail whole, as any pinned append, when the stream is not rebased', async () => {
    const { failure, ledgers } = await addBesideARacer('pinned');
    expect(failure).toBeInstanceOf(ConcurrencyError);
    expect((failure as ConcurrencyError).streamId).toBe('discount-codes:pinned');
    expect(await typesOf(ledgers[0]!)).toEqual([]);
  });
});
