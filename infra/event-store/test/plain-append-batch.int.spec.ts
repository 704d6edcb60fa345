import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConcurrencyError, createPostgresEventStore, type EventStore } from '../src';

let db: TestDatabase;
let store: EventStore;
/** The names of the statements the store sent on its autocommit connection, in order. */
let sent: string[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  const autocommit = {
    query: <R extends pg.QueryResultRow>(config: pg.QueryConfig) => {
      sent.push(config.name ?? config.text);
      return db.pool.query<R>(config);
    },
  };
  // One statement on its way at a time: every append that arrives meanwhile waits for the next one.
  store = createPostgresEventStore({ pool: db.pool, autocommit, batchInFlight: 1 });
});
beforeEach(() => (sent = []));
afterAll(async () => {
  await store.close();
  await db.drop();
});

const batches = () => sent.filter((name) => name === 'es-append-plain-batch').length;
const one = (type: string) => [{ type, data: { type } }];

describe('When appends arrive while one is on its way', () => {
  it('should write them together in one statement, each at its own stream and version', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.append(`batched-${i}`, one(`E${i}`), { expected: 'no_stream' })),
    );
    expect(batches()).toBe(1); // the first alone, the other nineteen in one statement
    expect(sent.filter((name) => name.startsWith('es-append')).length).toBe(2);
    expect(new Set(results.map((r) => r.lastPosition)).size).toBe(20);
    for (const [i, result] of results.entries()) {
      expect(result).toMatchObject({ nextExpectedVersion: 1n, appended: 1 });
      const [event] = await store.readStream(`batched-${i}`);
      expect(event).toMatchObject({ type: `E${i}`, streamVersion: 1n, globalPosition: result.lastPosition });
    }
  });

  it('should send an append of several events whole, in its own statement and order', async () => {
    await store.append('several', one('A'), { expected: 'no_stream' });
    const [, several] = await Promise.all([
      store.append('warm-up', one('W'), { expected: 'no_stream' }),
      store.append('several', [...one('B'), ...one('C'), ...one('D')], { expected: 1n }),
      store.append('beside-1', one('X'), { expected: 'no_stream' }),
      store.append('beside-2', one('Y'), { expected: 'no_stream' }),
    ]);
    expect(sent.filter((name) => name.startsWith('es-append'))).toEqual([
      'es-append-plain-one',
      'es-append-plain-one',
      'es-append-plain-many',
      'es-append-plain-batch',
    ]);
    expect(several).toMatchObject({ nextExpectedVersion: 4n, appended: 3 });
    const events = await store.readStream('several');
    expect(events.map((e) => [e.type, e.streamVersion])).toEqual([
      ['A', 1n],
      ['B', 2n],
      ['C', 3n],
      ['D', 4n],
    ]);
    expect(events.at(-1)!.globalPosition).toBe(several.lastPosition);
    expect(await store.readStream('beside-2')).toHaveLength(1);
  });

  it('should refuse only the append whose version does not hold, and write the others', async () => {
    await store.append('stale', one('A'), { expected: 'no_stream' });
    await store.append('behind', one('A'), { expected: 'no_stream' });
    const outcomes = await Promise.allSettled([
      store.append('warm-up-2', one('W'), { expected: 'no_stream' }),
      store.append('fresh-1', one('F'), { expected: 'no_stream' }),
      store.append('stale', one('B'), { expected: 2n }), // the stream has one event: version 2 is not there
      store.append('fresh-2', one('F'), { expected: 'no_stream' }),
      store.append('behind', one('B'), { expected: 'no_stream' }), // the stream has one event already
    ]);
    // The others went in with the batch; only the refused ones asked the full function for their precise answers.
    expect(sent.filter((name) => name.startsWith('es-append'))).toEqual([
      'es-append-plain-one', // 'stale' given its event
      'es-append-plain-one', // 'behind' given its event
      'es-append-plain-one', // the first of the five, alone
      'es-append-plain-batch',
      'es-append',
      'es-append',
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect((outcomes[4] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect((await store.readStream('stale')).map((e) => e.type)).toEqual(['A']);
    expect((await store.readStream('behind')).map((e) => e.type)).toEqual(['A']);
    expect(await store.readStream('fresh-2')).toHaveLength(1);
  });

  it('should let exactly one of two appends racing for one version win, without failing the others', async () => {
    const outcomes = await Promise.allSettled([
      store.append('warm-up-3', one('W'), { expected: 'no_stream' }),
      store.append('raced', one('first'), { expected: 'no_stream' }),
      store.append('raced', one('second'), { expected: 'no_stream' }),
      store.append('raced-beside', one('B'), { expected: 'no_stream' }),
    ]);
    // The second append to 'raced' waits for the next statement rather than share one with the first.
    expect(sent.filter((name) => name.startsWith('es-append'))).toEqual([
      'es-append-plain-one',
      'es-append-plain-batch',
      'es-append-plain-one',
      'es-append',
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[3].status).toBe('fulfilled');
    expect(await store.readStream('raced')).toHaveLength(1);
    expect(await store.readStream('raced-beside')).toHaveLength(1);
  });

  it('should fail only the append with a value the database refuses, not the others in its statement', async () => {
    const outcomes = await Promise.allSettled([
      store.append('warm-up-4', one('W'), { expected: 'no_stream' }),
      store.append('bad-id', [{ type: 'A', data: {}, eventId: 'not-a-uuid' }], { expected: 'no_stream' }),
      store.append('good-beside', one('G'), { expected: 'no_stream' }),
    ]);
    expect(batches()).toBe(1);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream('bad-id')).toHaveLength(0);
    expect(await store.readStream('good-beside')).toHaveLength(1);
  });
});

describe('When an append arrives alone', () => {
  it('should leave at once in its own statement', async () => {
    await store.append('alone', one('A'), { expected: 'no_stream' });
    await store.append('alone', one('B'), { expected: 1n });
    expect(sent.filter((name) => name.startsWith('es-append'))).toEqual(['es-append-plain-one', 'es-append-plain-one']);
  });
});
