import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineReactor } from '../src/define-reactor';
import type { Runner } from '../src/projection-runner';
import { startProjectionRunner } from '../src/projection-runner';
import { startReactorRunner } from '../src/reactor-runner';
import { createTestTable, testBrandsProjection } from './fixtures/brands-projection';
import { eventually } from './fixtures/eventually';

const logger = pino({ level: 'silent' });
let db: TestDatabase;
let store: EventStore;
let runner: Runner | undefined;
beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await store.close();
  await db.drop();
});

const asked = (n: number) => ({ type: 'Asked', data: { n } });
const askThree = () => store.append('asks', [asked(1), asked(2), asked(3)], { expected: 'any' });

/** A reactor (with or without lanes) that counts the effects it performed. */
const countingReactor = (lanes: boolean) => {
  const performed: number[] = [];
  const reactor = defineReactor<{ n: number }, { n: number }>({
    name: 'idle-effects',
    ...(lanes ? { laneOf: (effect) => String(effect.payload.n) } : {}),
    effectsOf: (event) =>
      event.type === 'Asked'
        ? [
            {
              key: `k-${String((event.data as { n: number }).n)}`,
              streamId: 'done',
              payload: event.data as { n: number },
            },
          ]
        : [],
    perform: async ({ payload }) => (performed.push(payload.n), payload),
    events: {
      succeeded: (_e, r) => ({ type: 'Done', data: r }),
      failed: (e) => ({ type: 'Failed', data: { key: e.key } }),
    },
  });
  return { reactor, performed };
};

/** The store the runner reads through, counting reads that came back empty. */
const countingEmptyReads = () => {
  const counter = { empty: 0 };
  const eventStore: EventStore = {
    ...store,
    readAll: async (after, limit) => {
      const events = await store.readAll(after, limit);
      if (events.length === 0) counter.empty += 1;
      return events;
    },
  };
  return { eventStore, counter };
};

const reactorRunner = (lanes: boolean, eventStore: EventStore = store, batchSize?: number) => {
  const { reactor, performed } = countingReactor(lanes);
  const tuning = { pollMs: 20, lockRetryMs: 10, ...(batchSize ? { batchSize } : {}) };
  runner = startReactorRunner({ pool: db.pool, eventStore, reactor, logger, ...tuning });
  return { runner, handled: () => performed.length };
};
const projectionRunner = (eventStore: EventStore) => {
  const { projection, stats } = testBrandsProjection();
  runner = startProjectionRunner({ pool: db.pool, eventStore, projection, logger, pollMs: 20, lockRetryMs: 10 });
  return { runner, handled: () => stats.handled };
};
const brands = () =>
  store.append(
    'brands',
    [1, 2, 3].map((brandId) => ({
      type: 'BrandRegistered',
      data: { brandId, name: `B${brandId}`, registeredAt: '2026-01-01T00:00:00.000Z' },
    })),
    { expected: 'any' },
  );

describe('When a transaction in another database of the server holds back the horizon', () => {
  // Transaction ids and snapshots are the server's, not a database's: with two test files at a time, the other
  // file's open transaction hides this file's committed events from the runner's read for a while.
  const cases = [
    { name: 'a reactor without lanes', start: (s: EventStore) => reactorRunner(false, s), given: askThree },
    { name: 'a reactor with lanes', start: (s: EventStore) => reactorRunner(true, s), given: askThree },
    { name: 'a projection', start: projectionRunner, given: async () => (await createTestTable(db.pool), brands()) },
  ];
  for (const { name, start, given } of cases) {
    it(`should make ${name}'s waitForIdle wait for the events committed before it was asked`, async () => {
      const other = await createTestDatabase({ max: 1 });
      const blocker = await other.pool.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('SELECT pg_current_xact_id()'); // an xid below those of the events appended next
        await given();
        const { eventStore, counter } = countingEmptyReads();
        const { runner, handled } = start(eventStore);
        const handledAtIdle = runner.waitForIdle().then(handled);
        await eventually(() => counter.empty > 0); // the runner read and saw nothing: the events are behind
        await blocker.query('COMMIT');
        expect(await handledAtIdle).toBe(3);
      } finally {
        blocker.release();
        await other.drop();
      }
    });
  }
});

describe('When the lock is held elsewhere (a session not yet ended, another runner)', () => {
  it("should make a standby runner's waitForIdle wait until the events are handled, not return at once", async () => {
    const holder = await db.pool.connect();
    const sessions = async () =>
      Number(
        (
          await db.pool.query<{ n: string }>(
            'SELECT sessions AS n FROM pg_stat_database WHERE datname = current_database()',
          )
        ).rows[0]!.n,
      );
    try {
      await holder.query("SELECT pg_advisory_lock(hashtextextended('reactor:idle-effects', 0))");
      await askThree();
      const before = await sessions();
      const { runner, handled } = reactorRunner(true);
      const handledAtIdle = runner.waitForIdle().then(handled);
      // The runner tried the lock a few times (a session each) and found it busy, or its waitForIdle returned.
      await Promise.race([handledAtIdle, eventually(async () => (await sessions()) >= before + 3)]);
      await holder.query("SELECT pg_advisory_unlock(hashtextextended('reactor:idle-effects', 0))");
      expect(await handledAtIdle).toBe(3);
    } finally {
      holder.release();
    }
  });
});

describe('When transaction ids differ in their number of digits', () => {
  it('should take the head of the log in its order, not in the text order of the ids', async () => {
    // Old transactions 9 and 10 (written as such): as text, '9' sorts after '10'.
    await db.pool.query(
      `INSERT INTO es.events (tx_id, stream_id, stream_version, event_id, type, data)
       VALUES ('9', 'asks', 1, gen_random_uuid(), 'Asked', '{"n": 1}'), ('10', 'asks', 2, gen_random_uuid(), 'Asked', '{"n": 2}')`,
    );
    const { runner, handled } = reactorRunner(false, store, 1);
    expect(await runner.waitForIdle().then(handled)).toBe(2);
  });
});
