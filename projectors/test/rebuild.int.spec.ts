import { chainUpcasters, createPostgresEventStore, logStart, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectionCheckpointName, readCheckpoint } from '../src/checkpoints';
import { rebuildAll, startProjectors } from '../src/index';
import { aBrandRegistered, createTestTable, testBrandsProjection } from './fixtures/brands-projection';

const logger = pino({ level: 'silent' });
let db: TestDatabase;
let store: EventStore;
// A v0 BrandRegistered called the name `title`; the store upcasts it before the projection parses it.
const upcast = chainUpcasters(
  new Map([
    [
      'BrandRegistered@0',
      (d: unknown) => {
        const { title, ...rest } = d as { title: string };
        return { ...rest, name: title };
      },
    ],
  ]),
);
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool, upcast });
  await createTestTable(db.pool);
  const brands = Array.from({ length: 1_200 }, (_, i) => aBrandRegistered(i + 1));
  await store.append('brands', brands.slice(0, 700), { expected: 'no_stream' });
  await store.append('noise', [{ type: 'Unhandled', data: {} }], { expected: 'no_stream' });
  await store.append('brands', brands.slice(700), { expected: 700n });
  await store.append(
    'old-brands',
    [
      {
        type: 'BrandRegistered',
        schemaVersion: 0,
        data: { brandId: 5_000, title: 'Old', registeredAt: '2026-01-01T00:00:00Z' },
      },
    ],
    { expected: 'no_stream' },
  );
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const snapshot = async () =>
  (await db.pool.query<{ id: number; name: string; built_by: string }>('SELECT * FROM rm.test_brands ORDER BY id'))
    .rows;

describe('When every read model is rebuilt from the log', () => {
  it('should give the same rows as the live runner, however often it runs', async () => {
    const { projection } = testBrandsProjection();
    const projectors = startProjectors({
      pool: db.pool,
      eventStore: store,
      projections: [projection],
      reactors: [],
      logger,
    });
    await projectors.waitForIdle();
    await expect(rebuildAll({ pool: db.pool, eventStore: store, projections: [projection], logger })).rejects.toThrow(
      /running elsewhere/,
    );
    await projectors.stop();
    const live = await snapshot();
    expect(live).toHaveLength(1_201);
    expect(live.at(-1)).toMatchObject({ id: 5_000, name: 'Old' });

    const first = await rebuildAll({ pool: db.pool, eventStore: store, projections: [projection], logger });
    expect(await snapshot()).toEqual(live);
    const second = await rebuildAll({ pool: db.pool, eventStore: store, projections: [projection], logger });
    expect(await snapshot()).toEqual(live);
    console.log(`replay: ${first[0]?.events} events, ${first[0]?.handled} handled, twice`);
    expect(first).toMatchObject([{ name: 'test-brands', events: 1_202, handled: 1_201 }]);
    expect(second).toMatchObject([{ events: 1_202, handled: 1_201 }]);
    const last = (await store.readAll(logStart, 10_000)).at(-1)!;
    expect((await readCheckpoint(db.pool, projectionCheckpointName('test-brands')))?.at).toEqual({
      txId: last.txId,
      position: last.globalPosition,
    });
  });
});

describe('When an older transaction hides the last events of the log from readers', () => {
  it('should read on to them once it ends, not stop at the first empty read', async () => {
    const { projection } = testBrandsProjection();
    const older = await db.pool.connect();
    let emptyReads = 0;
    const counted: EventStore = {
      ...store,
      readAll: async (...args) => {
        const events = await store.readAll(...args);
        if (events.length === 0) emptyReads += 1;
        return events;
      },
    };
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await store.append('late-brands', [aBrandRegistered(1_300)], { expected: 'no_stream' });
      const rebuilt = rebuildAll({ pool: db.pool, eventStore: counted, projections: [projection], logger });
      await vi.waitFor(() => expect(emptyReads).toBeGreaterThan(0), { timeout: 30_000 });
      await older.query('COMMIT');
      expect(await rebuilt).toMatchObject([{ name: 'test-brands', events: 1_203, handled: 1_202 }]);
    } finally {
      older.release();
    }
    expect((await snapshot()).at(-1)).toMatchObject({ id: 5_000 });
    expect((await snapshot()).some((row) => row.id === 1_300)).toBe(true);
  });
});
