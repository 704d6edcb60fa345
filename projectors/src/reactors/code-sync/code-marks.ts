import type pg from 'pg';

/** A code of the store at a multiple of the marks' spacing in the index's order, and how many sort before it. */
export interface CodeMark {
  readonly rank: number;
  readonly code: string;
  readonly code_id: string;
}

/**
 * The marks of a full sync's fresh table (decision 1562), read before the swap: the swap holds every reader of the
 * codes, so it only writes them.
 */
export const marksOfTable = async (pool: pg.Pool, table: string): Promise<CodeMark[]> =>
  (await pool.query<CodeMark>(`SELECT * FROM rm.synced_code_marks_in($1::regclass, 0, '', '')`, [table])).rows;

export const replaceMarks = async (client: pg.PoolClient, storeId: number, marks: readonly CodeMark[]) => {
  await client.query('DELETE FROM rm.synced_code_marks WHERE store_id = $1', [storeId]);
  await client.query(
    `INSERT INTO rm.synced_code_marks (store_id, rank, code, code_id)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[])`,
    [storeId, marks.map((m) => m.rank), marks.map((m) => m.code), marks.map((m) => m.code_id)],
  );
};

/** A code's place in the index's order: its text, then its id. */
export interface CodeKey {
  readonly code: string;
  readonly code_id: string;
}

/**
 * After an incremental merge, in its transaction: the store's marks again from the first code it removed or added
 * on (the marks before it keep their ranks). Nothing changed: nothing to do.
 */
export const remarkFrom = async (client: pg.PoolClient, storeId: number, changed: readonly (CodeKey | undefined)[]) => {
  const keys = changed.filter((k): k is CodeKey => k !== undefined);
  if (keys.length === 0) return;
  await client.query(
    `SELECT rm.mark_synced_codes($1, k.code, k.code_id)
     FROM unnest($2::text[], $3::text[]) AS k(code, code_id) ORDER BY k.code COLLATE "C", k.code_id LIMIT 1`,
    [storeId, keys.map((k) => k.code), keys.map((k) => k.code_id)],
  );
};
