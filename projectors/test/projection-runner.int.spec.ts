import { createPostgresEventStore, logStart, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionCheckpointName, readCheckpoint } from '../src/checkpoints';
import { defineProjection, type Projection } from '../src/define-projection';
import { startProjectionRunner, type Runner } from '../src/projection-runner';
import { aBrandRegistered, createTestTable, testBrandsProjection } from './fixtures/brands-projection';
import { eventually } from './fixtures/eventually';

const logger = pino({ level: 'silent' });
let db: TestDatabase;
let store: EventStore;
const runners: Runner[] = [];
beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
  await createTestTable(db.pool);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
});

const start = (projection: Projection) => {
  const runner = startProjectionRunner({
    pool: db.pool,
    eventStore: store,
    projection,
    logger,
    backoff: () => 10,
    pollMs: 50,
    lockRetryMs: 50,
  });
  runners.push(runner);
  return runner;
};
const rows = async () =>
  (await db.pool.query<{ id: number; built_by: string }>('SELECT id, built_by FROM rm.test_brands ORDER BY id')).rows;
const checkpoint = (name = 'test-brands') => readCheckpoint(db.pool, projectionCheckpointName(name));
const lastEvent = async () => (await store.readAll(logStart, 10_000)).at(-1)!;

describe('When a handler throws', () => {
  it('should roll the batch back, keep the checkpoint, retry, and recover once it stops throwing', async () => {
    await store.append(
      'brands',
      [1, 2, 3, 4, 5].map((id) => aBrandRegistered(id)),
      { expected: 'no_stream' },
    );
    const test = testBrandsProjection();
    test.failOn.add(3);
    start(test.projection);
    await eventually(() => test.stats.thrown >= 3);
    expect(await rows()).toEqual([]); // brands 1 and 2 were written in the failed batch, then rolled back
    expect((await checkpoint())?.at).toEqual(logStart);

    test.failOn.clear();
    await runners[0]!.waitForIdle();
    expect((await rows()).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    const last = await lastEvent();
    expect((await checkpoint())?.at).toEqual({ txId: last.txId, position: last.globalPosition });
  });
});

describe('When a handler throws while the next batch is already read ahead', () => {
  it('should drop what it read ahead and resume from the failed batch, applying every event once', async () => {
    await store.append(
      'brands',
      Array.from({ length: 20 }, (_, i) => aBrandRegistered(i + 1)),
      { expected: 'no_stream' },
    );
    const test = testBrandsProjection();
    test.failOn.add(8); // in the second full batch of five; the third is being read ahead
    const runner = startProjectionRunner({
      pool: db.pool,
      eventStore: store,
      projection: test.projection,
      logger,
      batchSize: 5,
      backoff: () => 10,
      pollMs: 50,
    });
    runners.push(runner);
    await eventually(() => test.stats.thrown >= 2);
    expect((await rows()).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);

    test.failOn.clear();
    await runner.waitForIdle();
    expect((await rows()).map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const last = await lastEvent();
    expect((await checkpoint())?.at).toEqual({ txId: last.txId, position: last.globalPosition });
  });
});

describe('When the checkpoint cannot be stored', () => {
  it('should not keep the read-model rows of that batch either', async () => {
    await db.pool.query(`CREATE FUNCTION public.refuse_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'checkpoint refused'; END $$`);
    await db.pool.query(`CREATE TRIGGER refuse BEFORE UPDATE ON es.checkpoints FOR EACH ROW
      WHEN (NEW.position > 0) EXECUTE FUNCTION public.refuse_checkpoint()`);
    await store.append('brands', [aBrandRegistered(1), aBrandRegistered(2)], { expected: 'no_stream' });
    const test = testBrandsProjection();
    start(test.projection);
    await eventually(() => test.stats.handled >= 6); // the batch ran three times, each rolled back
    expect(await rows()).toEqual([]);
    expect((await checkpoint())?.at).toEqual(logStart);

    await db.pool.query('DROP TRIGGER refuse ON es.checkpoints');
    await runners[0]!.waitForIdle();
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('When the log holds events the projection does not handle', () => {
  it('should skip them and still move its checkpoint past them', async () => {
    await store.append('brands', [aBrandRegistered(1)], { expected: 'no_stream' });
    await store.append(
      'other',
      [
        { type: 'SomethingElse', data: {} },
        { type: 'NotEvenRegistered', data: 42 },
      ],
      { expected: 'no_stream' },
    );
    const runner = start(testBrandsProjection().projection);
    await runner.waitForIdle();
    const last = await lastEvent();
    expect(last.streamId).toBe('other');
    expect((await checkpoint())?.at).toEqual({ txId: last.txId, position: last.globalPosition });
    expect(await rows()).toHaveLength(1);
  });
});

describe('When the projection version is bumped', () => {
  it('should truncate its tables and rebuild from the start; an old runner then stands by', async () => {
    await store.append('brands', [aBrandRegistered(1), aBrandRegistered(2)], { expected: 'no_stream' });
    const v1 = start(testBrandsProjection({ version: 1 }).projection);
    await v1.waitForIdle();
    await v1.stop();
    await db.pool.query("INSERT INTO rm.test_brands VALUES (99, 'left over by v1', 'v1')");

    const v2 = start(testBrandsProjection({ version: 2 }).projection);
    await v2.waitForIdle();
    expect(await rows()).toEqual([
      { id: 1, built_by: 'v2' },
      { id: 2, built_by: 'v2' },
    ]);
    expect((await checkpoint())?.version).toBe(2);
    await v2.stop();

    const old = testBrandsProjection({ version: 1 });
    await store.append('brands', [aBrandRegistered(3)], { expected: 2n });
    const logged: string[] = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) });
    runners.push(
      startProjectionRunner({
        pool: db.pool,
        eventStore: store,
        projection: old.projection,
        logger: capture,
        lockRetryMs: 50,
      }),
    );
    await eventually(() => logged.filter((l) => l.includes('a newer version')).length >= 2); // declined twice
    expect(old.stats.handled).toBe(0);
    expect((await rows()).map((r) => r.built_by)).toEqual(['v2', 'v2']);
    expect((await checkpoint())?.version).toBe(2);
  });
});

describe('When two runners of one projection start', () => {
  it('should let one apply events while the other stands by, and hand over when the first stops', async () => {
    const [a, b] = [testBrandsProjection(), testBrandsProjection()];
    const [runnerA, runnerB] = [start(a.projection), start(b.projection)];
    await store.append(
      'brands',
      [1, 2, 3].map((id) => aBrandRegistered(id)),
      { expected: 'no_stream' },
    );
    await eventually(async () => (await rows()).length === 3);
    await Promise.all([runnerA.waitForIdle(), runnerB.waitForIdle()]);
    const [active, standby] = a.stats.handled > 0 ? [runnerA, b] : [runnerB, a];
    console.log(`two runners: handled ${a.stats.handled} and ${b.stats.handled}`);
    expect(a.stats.handled + b.stats.handled).toBe(3);
    expect(standby.stats.handled).toBe(0);

    await active.stop();
    await store.append('brands', [aBrandRegistered(4)], { expected: 3n });
    await eventually(async () => (await rows()).length === 4); // committed by the former standby
    expect(standby.stats.handled).toBe(1);
    expect((await rows()).map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('When a projection handles a type in bulk', () => {
  it('should get each run of consecutive events of that type in one call, in log order', async () => {
    await store.append('brands', [aBrandRegistered(1), aBrandRegistered(2)], { expected: 'no_stream' });
    await store.append('other', [{ type: 'SomethingElse', data: {} }], { expected: 'no_stream' });
    await store.append('brands', [aBrandRegistered(3), aBrandRegistered(1, 'Renamed')], { expected: 2n });
    const runs: number[][] = [];
    const runner = start(
      defineProjection({
        name: 'test-brands',
        version: 1,
        tables: ['rm.test_brands'],
        handles: {},
        handlesMany: {
          BrandRegistered: async (events, tx) => {
            runs.push(events.map((e) => e.data.brandId));
            for (const { data } of events) {
              await tx.query(
                "INSERT INTO rm.test_brands VALUES ($1, $2, 'bulk') ON CONFLICT (id) DO UPDATE SET name = $2",
                [data.brandId, data.name],
              );
            }
          },
        },
      }),
    );
    await runner.waitForIdle();
    expect(runs).toEqual([
      [1, 2],
      [3, 1],
    ]);
    expect((await db.pool.query('SELECT id, name FROM rm.test_brands ORDER BY id')).rows).toEqual([
      { id: 1, name: 'Renamed' },
      { id: 2, name: 'Brand 2' },
      { id: 3, name: 'Brand 3' },
    ]);
  });
});
