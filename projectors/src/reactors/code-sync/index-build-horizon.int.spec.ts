import { createPostgresEventStore, logStart } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshTable, freshTableOf, indexFreshTable } from './tables';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

const until = async (condition: () => Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
};

interface Builder {
  pid: number;
}

/** The backends running a CREATE INDEX on `table`. */
const buildersOf = async (table: string): Promise<Builder[]> =>
  (
    await db.pool.query<Builder>(
      `SELECT pid FROM pg_stat_activity
       WHERE state = 'active' AND query ILIKE 'CREATE INDEX%' AND query LIKE '%' || $1 || '%'`,
      [table],
    )
  ).rows;

/** Indexes of `table` built to the end and usable by queries. */
const validIndexesOf = async (table: string) =>
  (
    await db.pool.query<{ valid: number }>(
      `SELECT count(*)::int AS valid FROM pg_index WHERE indrelid = $1::regclass AND indisvalid AND indisready`,
      [table],
    )
  ).rows[0]!.valid;

describe("When a full sync builds its fresh table's indexes (decision 1470)", () => {
  it('should let every reader of the log see an event appended meanwhile, before the build ends', async () => {
    const table = freshTableOf(7, '5e1f0c2a-0000-4000-8000-000000000001');
    await createFreshTable(db.pool, table, 7);
    await db.pool.query(
      `INSERT INTO ${table} (store_id, code_id, code, code_folded, discount_id)
       SELECT 7, 'gid://shopify/DiscountRedeemCode/' || i, 'CODE' || i, 'code' || i, 'd' || (i % 50)
       FROM generate_series(1, 20000) AS i`,
    );
    const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });

    // A reader's snapshot taken before the build holds it to its end (no transaction id: the log's horizon is free).
    const reader = await db.pool.connect();
    try {
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await reader.query(`SELECT count(*) FROM ${table}`);
      const build = indexFreshTable(db.pool, table, true);
      let building: Builder | undefined;
      await until(async () => {
        building = (await buildersOf(table))[0];
        return building !== undefined;
      });

      await eventStore.append('horizon-probe', [{ type: 'ProbeAppended', data: {} }], { expected: 'no_stream' });
      await until(async () =>
        (await eventStore.readAll(logStart, 1000)).some((event) => event.streamId === 'horizon-probe'),
      );

      // The builder seen before the append is still building: the event did not wait for its end. (Whether it holds
      // a transaction id is not sampled here: each of the four builds takes one for an instant to mark its index.)
      const stillBuilding = await buildersOf(table);
      expect(stillBuilding.map((b) => b.pid)).toContain(building!.pid);

      await reader.query('COMMIT');
      await build;
    } finally {
      await reader.query('ROLLBACK').catch(() => undefined);
      reader.release();
    }
    expect(await validIndexesOf(table)).toBe(4);
  });
});

describe("When a small sync builds its fresh table's indexes (decision 1494)", () => {
  it('should not wait for a transaction older than the build, such as a big sync’s COPY batch', async () => {
    const table = freshTableOf(8, '5e1f0c2a-0000-4000-8000-000000000002');
    await createFreshTable(db.pool, table, 8);
    await db.pool.query(
      `INSERT INTO ${table} (store_id, code_id, code, code_folded, discount_id)
       SELECT 8, 'gid://shopify/DiscountRedeemCode/' || i, 'CODE' || i, 'code' || i, 'd1' FROM generate_series(1, 50) AS i`,
    );
    const older = await db.pool.connect();
    try {
      await older.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await older.query('SELECT 1');
      // A concurrent build would wait for `older`'s virtual transaction to end: seen as an ungranted lock on it.
      const waiting = async () =>
        (
          await db.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'virtualxid' AND NOT granted`,
          )
        ).rows[0]!.n > 0;
      let built = false;
      const build = indexFreshTable(db.pool, table, false).then(() => (built = true));
      await until(async () => built || (await waiting()));
      expect(built).toBe(true);
      await build;
    } finally {
      await older.query('ROLLBACK').catch(() => undefined);
      older.release();
    }
    expect(await validIndexesOf(table)).toBe(4);
  });
});
