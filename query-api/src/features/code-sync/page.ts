import type { SyncedCode } from '@dm/events/http';
import type pg from 'pg';

/**
 * A set of codes to page through in (code, code_id) order: `scope` (a WHERE clause over `c`, rm.synced_codes) and,
 * for a search, `match`; `matches` is its exact size, `start` a code no match sorts before (null: unknown).
 */
export interface Branch {
  readonly scope: string;
  readonly match: string | null;
  readonly params: readonly unknown[];
  readonly matches: number;
  readonly start: string | null;
}

interface CodeRow {
  store_id: number;
  code_id: string;
  code: string;
  discount_id: string;
  usage_count: number;
}

const inTransaction = async <T>(db: pg.Pool, settings: readonly string[], run: (c: pg.PoolClient) => Promise<T>) => {
  const client = await db.connect();
  try {
    // One round trip: the settings hold for this transaction only.
    await client.query(['BEGIN', ...settings].join('; '));
    const result = await run(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/**
 * The branch's rows `offset` to `offset + limit` (decision 0950). First a walk of the (code, code_id) index from
 * `start`, reading at most a bounded number of entries: dense or clustered matches (a prefix, a numbered block)
 * fill the page at once. When the walk runs out before the page is full, the matches are sparse: they are found
 * through an index (trigram or discount) and sorted, which costs their number, known to be small. The planner
 * cannot tell the two apart for a substring, so each query's plan is set for its transaction alone.
 */
const rowsOf = async (db: pg.Pool, branch: Branch, limit: number, offset: number): Promise<CodeRow[]> => {
  const wanted = Math.max(0, Math.min(limit, branch.matches - offset));
  if (wanted === 0) return [];
  const n = branch.params.length;
  const budget = Math.max(5000, 4 * (offset + limit));
  // A few matches are found and sorted at once; only many can be worth a walk.
  const walked = branch.matches <= 2000 ? null : await walk(db, branch, budget, limit, offset);
  if (walked && walked.length >= wanted) return walked;
  const where = branch.match ? `${branch.scope} AND ${branch.match}` : branch.scope;
  return (
    await inTransaction(db, ['SET LOCAL enable_indexscan = off'], (c) =>
      c.query<CodeRow>(
        `SELECT c.* FROM rm.synced_codes c WHERE ${where} ORDER BY c.code, c.code_id LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...branch.params, limit, offset],
      ),
    )
  ).rows;
};

/** Up to `budget` index entries from `start` on, in order, and the matches among them. */
const walk = async (db: pg.Pool, branch: Branch, budget: number, limit: number, offset: number) => {
  const n = branch.params.length;
  const walked = await inTransaction(db, ['SET LOCAL enable_bitmapscan = off', 'SET LOCAL enable_sort = off'], (c) =>
    c.query<CodeRow>(
      `SELECT store_id, code_id, code, discount_id, usage_count FROM (
         SELECT c.*, ${branch.match ?? 'true'} AS hit FROM rm.synced_codes c
         WHERE ${branch.scope} AND ($${n + 1}::text IS NULL OR c.code >= $${n + 1})
         ORDER BY c.code, c.code_id LIMIT $${n + 2}) w
       WHERE hit LIMIT $${n + 3} OFFSET $${n + 4}`,
      [...branch.params, branch.start, budget, limit, offset],
    ),
  );
  return walked.rows;
};

/** The order of the index (COLLATE "C": bytes), which differs from JavaScript's `<` for some characters. */
const byCode = (a: CodeRow, b: CodeRow) =>
  Buffer.compare(Buffer.from(a.code), Buffer.from(b.code)) ||
  Buffer.compare(Buffer.from(a.code_id), Buffer.from(b.code_id));

/**
 * The page is chosen from the code table alone, in (code, code_id) order, and only its rows are joined to their
 * discount and store: page 400 costs an index walk of 20,000 entries, never a sort of a million joined rows.
 * Several branches (codes matched by code, codes of discounts matched by title) are merged before the page is cut.
 */
export const pageOf = async (
  db: pg.Pool,
  branches: readonly Branch[],
  rowColumns: string,
  limit: number,
  offset: number,
): Promise<SyncedCode[]> => {
  const page =
    branches.length === 1
      ? await rowsOf(db, branches[0]!, limit, offset)
      : (await Promise.all(branches.map((b) => rowsOf(db, b, offset + limit, 0))))
          .flat()
          .sort(byCode)
          .slice(offset, offset + limit);
  if (page.length === 0) return [];
  const column = <K extends keyof CodeRow>(key: K) => page.map((r) => r[key]);
  return (
    await db.query<SyncedCode>(
      `SELECT ${rowColumns}
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[])
            WITH ORDINALITY AS c(store_id, code_id, code, discount_id, usage_count, ord)
       JOIN rm.synced_code_discounts d ON d.store_id = c.store_id AND d.discount_id = c.discount_id
       JOIN rm.stores s ON s.id = c.store_id
       ORDER BY c.ord`,
      [column('store_id'), column('code_id'), column('code'), column('discount_id'), column('usage_count')],
    )
  ).rows;
};
