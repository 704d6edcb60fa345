import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createPostgresEventStore, eventsChannel, type EventStore } from '../src';
import { startSubscriber } from './subscriber';

let db: TestDatabase;
const stores: EventStore[] = [];
const open = () => {
  const store = createPostgresEventStore({ pool: db.pool });
  stores.push(store);
  return store;
};
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await db.drop();
});

const rawAppend = (streamId: string) =>
  db.pool.query(
    "SELECT * FROM es.append_events($1, 'any', ARRAY[gen_random_uuid()], ARRAY['Raw'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb], now())",
    [streamId],
  );

describe('When a writer in another process appends', () => {
  it('should wake a subscriber whose poll would take ten minutes', async () => {
    const [writer, reader] = [open(), open()];
    await reader.waitForEvents(1); // connects the listener
    const subscriber = startSubscriber(reader, { pollMs: 600_000 });
    await writer.append('woken', [{ type: 'A', data: {} }], { expected: 'any' });
    await subscriber.until(1); // with no notification this would hang until the test times out
    await subscriber.stop();
    expect(subscriber.received.map((e) => e.streamId)).toContain('woken');
  });
});

describe('When an older transaction holds an append back from readers', () => {
  it('should deliver it once that transaction ends, without waiting for the poll', async () => {
    const [writer, reader] = [open(), open()];
    await reader.waitForEvents(1); // connects the listener
    const base = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]!.n;
    // The test hears the append's wake-up too, and counts the subscriber's empty reads that began after it.
    const listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    await listener.query(`LISTEN ${eventsChannel}`);
    let heard = false;
    listener.on('notification', () => (heard = true));
    let emptyReadsAfterWakeUp = 0;
    const counted: EventStore = {
      ...reader,
      readAll: async (...args) => {
        const afterWakeUp = heard;
        const events = await reader.readAll(...args);
        if (afterWakeUp && events.length === 0) emptyReadsAfterWakeUp += 1;
        return events;
      },
    };
    const subscriber = startSubscriber(counted, { pollMs: 600_000 });
    await subscriber.until(base);
    // Any transaction with an id, begun before the append: readers see no later transaction's event until it ends.
    const older = await db.pool.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await writer.append('held-back', [{ type: 'E', data: {} }], { expected: 'any' });
      // Woken, the subscriber read and found nothing it may read yet.
      await vi.waitFor(() => expect(emptyReadsAfterWakeUp).toBeGreaterThan(0), { timeout: 30_000 });
      expect(subscriber.received).toHaveLength(base);
      await older.query('COMMIT');
    } finally {
      older.release();
      await listener.end();
    }
    // Its end notifies nobody: without reading again soon, this would wait for the poll, past the test's timeout.
    await subscriber.until(base + 1);
    await subscriber.stop();
    expect(subscriber.received.at(-1)?.streamId).toBe('held-back');
  });
});

describe('When notifications are lost', () => {
  it('should still deliver by polling: appends that never notify, and a dropped listener', async () => {
    const [writer, reader] = [open(), open()];
    const subscriber = startSubscriber(reader, { pollMs: 100 });
    await reader.waitForEvents(1); // connects the listener
    // Caught up with what earlier tests appended, so that `base` counts all of it.
    const base = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]!.n;
    await subscriber.until(base);
    await rawAppend('silent'); // es.append_events alone never notifies (writers poke after commit)
    await subscriber.until(base + 1);

    const killed = await db.pool.query<{ ok: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
       WHERE datname = current_database() AND query = $1`,
      [`LISTEN ${eventsChannel}`],
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    await writer.append('after-listener-died', [{ type: 'B', data: {} }], { expected: 'any' });
    await subscriber.until(base + 2);
    await subscriber.stop();
    expect(subscriber.received.slice(base).map((e) => e.streamId)).toEqual(['silent', 'after-listener-died']);
  });
});

describe('When the listener could not connect (the database was restarting)', () => {
  it('should connect again on a later wait and be woken by the next append', async () => {
    const database = (await db.pool.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    const [writer, reader] = [open(), open()];
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') }); // ALTER needs another database
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`);
      await reader.waitForEvents(200); // its LISTEN connection is refused
      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`);
    } finally {
      await admin.end();
    }
    const base = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]!.n;
    const subscriber = startSubscriber(reader, { pollMs: 600_000 });
    await subscriber.until(base);
    await writer.append('after-refusal', [{ type: 'C', data: {} }], { expected: 'any' });
    await subscriber.until(base + 1); // without a new LISTEN connection this would hang until the test times out
    await subscriber.stop();
    expect(subscriber.received.at(-1)?.streamId).toBe('after-refusal');
  });
});

describe('When a writer appends on a connection its single statements share (the pipelined ones)', () => {
  it('should notify on that connection in one statement, leaving it committing synchronously', async () => {
    const shared = new pg.Client({ connectionString: db.url });
    const listener = new pg.Client({ connectionString: db.url });
    await Promise.all([shared.connect(), listener.connect()]);
    try {
      await listener.query(`LISTEN ${eventsChannel}`);
      const notified = new Promise<number>((resolve) =>
        listener.once('notification', (n: pg.Notification) => resolve(n.processId)),
      );
      const writer = createPostgresEventStore({ pool: db.pool, autocommit: shared });
      stores.push(writer);
      await writer.append('poked-on-shared', [{ type: 'D', data: {} }], { expected: 'no_stream' });
      const { rows: pids } = await shared.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(await notified).toBe(pids[0]!.pid);
      // Its asynchronous commit was the wake-up's own: the appends after it on this connection wait for the flush.
      const { rows } = await shared.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      expect(rows[0]!.synchronous_commit).toBe('on');
    } finally {
      await Promise.all([shared.end(), listener.end()]);
    }
  });
});
