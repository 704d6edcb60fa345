import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import pg from 'pg';
import { replayReadModels } from '../../src/replay';

/**
 * A fresh database holding a copy of `source`'s log (every column as stored, so the log's order by
 * (tx_id, global_position) is the same) whose read models were rebuilt by what `pnpm replay` runs.
 * The databases share one server, so the copied transaction ids are all committed there too.
 */
export const replayIntoFreshDatabase = async (source: pg.Pool): Promise<TestDatabase> => {
  const target = await createTestDatabase({ max: 4 });
  const { rows } = await source.query<{ batch: string }>(
    `SELECT jsonb_agg(to_jsonb(e) ORDER BY e.global_position)::text AS batch
     FROM es.events e GROUP BY e.global_position / 2000 ORDER BY min(e.global_position)`,
  );
  for (const { batch } of rows) {
    await target.pool.query(
      'INSERT INTO es.events SELECT * FROM jsonb_populate_recordset(NULL::es.events, $1::jsonb)',
      [batch],
    );
  }
  await replayReadModels(target.pool, target.url);
  return target;
};

/** Every table of the read-model schema, each as its rows (JSON text) in one fixed order. */
export const readModelRows = async (pool: pg.Pool): Promise<Map<string, string[]>> => {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'rm' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const result = new Map<string, string[]>();
  for (const { name } of tables) {
    const { rows } = await pool.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM rm.${pg.escapeIdentifier(name)} t ORDER BY 1`,
    );
    result.set(
      name,
      rows.map((r) => r.row),
    );
  }
  return result;
};
