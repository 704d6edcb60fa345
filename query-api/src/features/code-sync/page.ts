import type { SyncedCode } from '@dm/events/http';
import pg from 'pg';

/**
 * A set of codes to page through in (code, code_id) order: `scope` (a WHERE clause over `c`, rm.synced_codes) and,
 * for a search, `match`; `matches` is its exact size, `start` a code no match sorts before (null: unknown).
 * `first`: its first rows in order when they were read with the count (a page within them costs no query).
 */
export interface Branch {
  readonly scope: string;
  readonly match: string | null;
  readonly params: readonly unknown[];
  readonly matches: number;
  readonly start: string | null;
  readonly first?: readonly CodeRow[];
  /** `first` as the page's rows, when they were joined with the count. */
  readonly joined?: readonly SyncedCode[];
  /** How many codes `scope` holds, when known: with `matches`, how dense they are in a walk. */
  readonly of?: number;
  /** How many index entries finding the matches through an index reads, when known (the cost of not walking). */
  readonly indexed?: number;
  /** `scope` holds few rows, found through an index (the codes of gram pages): never walked. */
  readonly listed?: boolean;
  /** `scope` is every code of the stores in $1: a deep page starts at one of their marks (decision 1562). */
  readonly marked?: boolean;
}

/** The spacing of the stores' marks (rm.synced_code_mark_every()): pages less deep walk from the first code. */
const markEvery = 250;

/** A branch of at most this many matches is found and sorted at once, never walked. */
export const fewCodes = 2000;
/** Matches too sparse to fill a page from a walk are found and sorted when the index holds them in this many entries. */
const sortable = 10_000;

export interface CodeRow {
  store_id: number;
  code_id: string;
  code: string;
  discount_id: string;
  usage_count: number;
}

/**
 * The app's pool, and two pools beside it whose connections carry the planner settings of one kind of read
 * (decision 0980): set when each connection starts, so a read is one statement, not BEGIN, SET LOCAL, the read
 * and COMMIT. No read here uses parallel workers: starting them costs more than these bounded reads, and under
 * concurrent requests they only take the cores the other requests need.
 */
export interface CodeReads {
  readonly db: pg.Pool;
  /** A walk of the (code, code_id) index: never a bitmap scan, never a sort. */
  readonly walk: pg.Pool;
  /** Matches found through an index (trigram, discount) and sorted: never a walk of the code index. */
  readonly found: pg.Pool;
  readonly end: () => Promise<void>;
}

export const codeReadsBeside = (db: pg.Pool, onError: (error: Error) => void): CodeReads => {
  const beside = (settings: readonly string[]) => {
    const options = [db.options.options, ...['max_parallel_workers_per_gather=0', ...settings].map((s) => `-c ${s}`)];
    const pool = new pg.Pool({
      ...db.options,
      max: Math.max(2, Math.ceil((db.options.max ?? 10) / 2)),
      options: options.filter(Boolean).join(' '),
    });
    pool.on('error', onError); // an idle connection cut by the server: the pool drops it and opens another
    return pool;
  };
  const walk = beside(['enable_bitmapscan=off', 'enable_sort=off']);
  const found = beside(['enable_indexscan=off']);
  return { db, walk, found, end: async () => void (await Promise.all([walk.end(), found.end()])) };
};

/**
 * The branch's rows `offset` to `offset + limit` (decision 0950). First a walk of the (code, code_id) index from
 * `start`, reading at most a bounded number of entries: dense or clustered matches (a prefix, a numbered block)
 * fill the page at once. When the walk runs out before the page is full, the matches are sparse: they are found
 * through an index (trigram or discount) and sorted, which costs their number, known to be small. The planner
 * cannot tell the two apart for a substring, so each query runs on connections set for its plan. Matches too sparse
 * for the walk to fill the page (by their share of the branch's codes) skip it.
 */
const rowsOf = async <R extends pg.QueryResultRow>(
  reads: CodeReads,
  branch: Branch,
  limit: number,
  offset: number,
  select: Select,
): Promise<R[]> => {
  const wanted = Math.max(0, Math.min(limit, branch.matches - offset));
  if (wanted === 0) return [];
  const n = branch.params.length;
  const budget = Math.max(5000, 4 * (offset + limit));
  // A few matches are found and sorted at once; so are matches spread too thinly for the walk to fill the page (it
  // would read its whole budget first) when the index finds them in at most `sortable` entries. Only many, or dense
  // ones, are worth a walk.
  const sparse =
    branch.of !== undefined &&
    branch.indexed !== undefined &&
    branch.indexed <= sortable &&
    (budget * branch.matches) / Math.max(1, branch.of) < offset + wanted;
  const walkable = branch.matches > fewCodes && !branch.listed;
  if (walkable && branch.match && !sparse) {
    // Up to `budget` index entries from `start` on, in order, and the matches among them.
    const walked = await reads.walk.query<R>(
      select(`SELECT store_id, code_id, code, discount_id, usage_count FROM (
         SELECT c.*, ${branch.match} AS hit FROM rm.synced_codes c
         WHERE ${branch.scope} AND ($${n + 1}::text IS NULL OR c.code >= $${n + 1})
         ORDER BY c.code, c.code_id LIMIT $${n + 2}) w
       WHERE hit LIMIT $${n + 3} OFFSET $${n + 4}`),
      [...branch.params, branch.start, budget, limit, offset],
    );
    if (walked.rows.length >= wanted) return walked.rows;
  }
  const where = branch.match ? `${branch.scope} AND ${branch.match}` : branch.scope;
  // Every code of the stores: a deep page walks from the last mark before it, not from the first code. The mark is
  // found in the statement that reads the page, so both see the same codes.
  if (walkable && branch.marked && offset >= markEvery)
    return (
      await reads.walk.query<R>(
        select(`WITH k AS MATERIALIZED (SELECT * FROM rm.synced_codes_skip($1::int[], $${n + 2}))
          SELECT c.* FROM rm.synced_codes c
          WHERE ${where} AND (c.code, c.code_id) >= ((SELECT code FROM k), (SELECT code_id FROM k))
          ORDER BY c.code, c.code_id LIMIT $${n + 1} OFFSET $${n + 2} - (SELECT rank FROM k)`),
        [...branch.params, limit, offset],
      )
    ).rows;
  // Every code of a big scope a match: its page is the index's entries from `offset` on, read by a walk of them.
  return (
    await (walkable && !branch.match ? reads.walk : reads.found).query<R>(
      select(
        `SELECT c.* FROM rm.synced_codes c WHERE ${where} ORDER BY c.code, c.code_id LIMIT $${n + 1} OFFSET $${n + 2}`,
      ),
      [...branch.params, limit, offset],
    )
  ).rows;
};

/** What a statement returns of the rows it chose (SQL yielding `CodeRow`s): them, or the page's rows made of them. */
type Select = (rows: string) => string;
const asIs: Select = (rows) => rows;

/** The branch's rows `offset` to `offset + limit` when they were read with its count, else null. */
const firstRowsOf = (branch: Branch, limit: number, offset: number) =>
  branch.first && branch.first.length >= Math.min(branch.matches, offset + limit)
    ? branch.first.slice(offset, offset + limit)
    : null;

/** The order of the index (COLLATE "C": bytes), which differs from JavaScript's `<` for some characters. */
const byCode = (a: CodeRow, b: CodeRow) =>
  Buffer.compare(Buffer.from(a.code), Buffer.from(b.code)) ||
  Buffer.compare(Buffer.from(a.code_id), Buffer.from(b.code_id));

/**
 * The page is chosen from the code table alone, in (code, code_id) order, and only its rows are joined to their
 * discount and store: page 400 costs an index walk (from the stores' marks when it lists every code of them, else
 * of 20,000 entries), never a sort of a million joined rows.
 * Several branches (codes matched by code, codes of discounts matched by title) are merged before the page is cut;
 * one branch is joined in the statement that chooses its rows (one round trip, not two).
 */
export const pageOf = async (
  reads: CodeReads,
  branches: readonly Branch[],
  rowColumns: string,
  limit: number,
  offset: number,
): Promise<SyncedCode[]> => {
  const only = branches.length === 1 ? branches[0]! : null;
  const first = only && firstRowsOf(only, limit, offset);
  if (first && only.joined) return only.joined.slice(offset, offset + limit);
  // One branch read from the codes: its rows are joined in the statement that chooses them.
  if (only && !first)
    return rowsOf<SyncedCode>(
      reads,
      only,
      limit,
      offset,
      (rows) => `SELECT ${rowColumns} FROM (${rows}) c
        JOIN rm.synced_code_discounts d ON d.store_id = c.store_id AND d.discount_id = c.discount_id
        JOIN rm.stores s ON s.id = c.store_id
        ORDER BY c.code, c.code_id`,
    );
  const page =
    first ??
    (
      await Promise.all(
        branches.map(
          async (b) => firstRowsOf(b, offset + limit, 0) ?? (await rowsOf<CodeRow>(reads, b, offset + limit, 0, asIs)),
        ),
      )
    )
      .flat()
      .sort(byCode)
      .slice(offset, offset + limit);
  if (page.length === 0) return [];
  const column = <K extends keyof CodeRow>(key: K) => page.map((r) => r[key]);
  return (
    await reads.db.query<SyncedCode>(
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
