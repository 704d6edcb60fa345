import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, logStart, type EventStore } from '../src';
import { readAllUntil } from './read-all-until';

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

const appendInTransaction = async (client: pg.PoolClient, streamId: string) => {
  await client.query('BEGIN');
  await client.query(
    "SELECT * FROM es.append_events($1, 'any', ARRAY[gen_random_uuid()], ARRAY['InFlight'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb], now())",
    [streamId],
  );
};
const streamsIn = async (streamIds: string[]) =>
  (await store.readAll(logStart, 10_000)).filter((e) => streamIds.includes(e.streamId)).map((e) => e.streamId);

describe('When a transaction that appended is still in flight', () => {
  it.each(['COMMIT', 'ROLLBACK'])(
    'should return neither its events nor later commits until it ends (%s)',
    async (end) => {
      const [slow, fast] = [`slow-${end}`, `fast-${end}`];
      const client = await db.pool.connect();
      try {
        await appendInTransaction(client, slow);
        await store.append(fast, [{ type: 'Committed', data: {} }], { expected: 'no_stream' });
        // `fast` committed with a later transaction id: returning it now would let a reader move past `slow`
        expect(await streamsIn([slow, fast])).toEqual([]);
        await client.query(end);
      } finally {
        client.release();
      }
      const wanted = (e: { streamId: string }) => e.streamId === slow || e.streamId === fast;
      const visible = await readAllUntil(store, wanted, end === 'COMMIT' ? 2 : 1);
      expect(visible.map((e) => e.streamId)).toEqual(end === 'COMMIT' ? [slow, fast] : [fast]);
      expect(await streamsIn([slow])).toEqual(end === 'COMMIT' ? [slow] : []);
    },
  );
});

describe('When an older transaction hides the first append from readers', () => {
  it('should still say the log is not empty (a first start seeds only an empty log)', async () => {
    const fresh = await createTestDatabase();
    const first = createPostgresEventStore({ pool: fresh.pool });
    const older = await fresh.pool.connect();
    try {
      expect(await first.hasEventsAfter(logStart)).toBe(false);
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await first.append('first', [{ type: 'Committed', data: {} }], { expected: 'no_stream' });
      expect(await first.readAll(logStart, 1)).toEqual([]);
      expect(await first.hasEventsAfter(logStart)).toBe(true);
      await older.query('COMMIT');
    } finally {
      older.release();
      await first.close();
      await fresh.drop();
    }
  });
});

describe('When a transaction that declared it never appends holds a transaction id (decision 1494)', () => {
  /** A transaction that wrote (so holds an id) but no event: declared never to append, or not. */
  const writer = async (client: pg.PoolClient, declared: boolean) => {
    if (declared) await client.query('SELECT es.register_no_appends()');
    await client.query(declared ? 'BEGIN; SELECT es.declare_no_appends()' : 'BEGIN');
    await client.query('CREATE TEMP TABLE IF NOT EXISTS scratch (n int)');
    await client.query('INSERT INTO scratch VALUES (1)');
    const { rows } = await client.query<{ xid: string | null }>('SELECT pg_current_xact_id_if_assigned()::text AS xid');
    expect(rows[0]!.xid).not.toBeNull();
  };
  /** Runs `work` beside an open transaction of `client`, rolled back afterwards whatever happened. */
  const besideOpen = async (work: (client: pg.PoolClient) => Promise<void>) => {
    const client = await db.pool.connect();
    try {
      await work(client);
    } finally {
      await client.query('ROLLBACK');
      await client.query('SELECT es.unregister_no_appends()');
      client.release();
    }
  };

  it('should return events committed after it began, while it still runs', () =>
    besideOpen(async (client) => {
      await writer(client, true);
      await store.append('after-declared', [{ type: 'Committed', data: {} }], { expected: 'no_stream' });
      // Other files' transactions on the shared server may hold readers back for a moment; this one never does.
      expect(await readAllUntil(store, (e) => e.streamId === 'after-declared', 1)).toHaveLength(1);
    }));

  it('should refuse an append from it, and a declaration after it wrote', () =>
    besideOpen(async (client) => {
      await writer(client, true);
      await expect(
        client.query(
          "SELECT * FROM es.append_events('from-declared', 'any', ARRAY[gen_random_uuid()], ARRAY['Sneaked'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb], now())",
        ),
      ).rejects.toThrow(/declared it never appends/);
      await client.query('ROLLBACK');
      await writer(client, false);
      await expect(client.query('SELECT es.declare_no_appends()')).rejects.toThrow(/before the transaction writes/);
    }));

  it('should refuse a declaration from a connection not registered first (decision 1559)', () =>
    besideOpen(async (client) => {
      await expect(client.query('BEGIN; SELECT es.declare_no_appends()')).rejects.toThrow(/registered first/);
    }));

  it('should hold readers back behind an undeclared transaction while another connection is registered', () =>
    besideOpen(async (client) => {
      await client.query('SELECT es.register_no_appends()');
      const other = await db.pool.connect();
      try {
        await writer(other, false);
        await store.append('beside-registered', [{ type: 'Committed', data: {} }], { expected: 'no_stream' });
        expect(await streamsIn(['beside-registered'])).toEqual([]);
      } finally {
        await other.query('ROLLBACK');
        other.release();
      }
      expect(await readAllUntil(store, (e) => e.streamId === 'beside-registered', 1)).toHaveLength(1);
    }));

  it("should clear a registration whose connection ended at the next registration, and keep the living ones'", async () => {
    const gone = await db.pool.connect();
    await gone.query('SELECT es.register_no_appends()');
    const { rows } = await gone.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    gone.release(true);
    await expect
      .poll(async () => (await db.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid])).rowCount)
      .toBe(0);
    await besideOpen(async (client) => {
      await client.query('SELECT es.register_no_appends()');
      const registered = await db.pool.query<{ pid: number }>('SELECT pid FROM es.no_append_backends');
      const { rows: own } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(registered.rows.map((r) => r.pid)).toEqual([own[0]!.pid]);
    });
    expect((await db.pool.query('SELECT 1 FROM es.no_append_backends')).rowCount).toBe(0);
  });

  it('should still hold readers back while an undeclared transaction holds an id, though it never appends', async () => {
    await besideOpen(async (client) => {
      await writer(client, false);
      await store.append('after-undeclared', [{ type: 'Committed', data: {} }], { expected: 'no_stream' });
      expect(await streamsIn(['after-undeclared'])).toEqual([]);
    });
    expect(await readAllUntil(store, (e) => e.streamId === 'after-undeclared', 1)).toHaveLength(1);
  });
});

describe('When transaction ids gain a digit', () => {
  it('should still order the log by transaction id as a number (regression: it sorted as text)', async () => {
    const { rows } = await db.pool.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
    const xid = BigInt(rows[0]!.xid);
    const burn = 10n ** BigInt(rows[0]!.xid.length) - xid - 5n; // leave a few ids below the boundary
    if (burn > 0n) {
      await db.pool.query(
        `DO $$ BEGIN FOR i IN 1..${burn} LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`,
      );
    }
    for (let i = 1; i <= 10; i += 1) await store.append('digits', [{ type: 'Tick', data: { i } }], { expected: 'any' });
    const read = await readAllUntil(store, (e) => e.streamId === 'digits', 10, { batch: 3 });
    expect(read.map((e) => (e.data as { i: number }).i)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
