import type pg from 'pg';
import { chainColumns, type ChainedEvent } from './chain-hash';

/** An event of the log with its digest and the chain row stored for it, if any. */
export interface VerifiedRow extends ChainedEvent {
  readonly seq: string | null;
  readonly hash: Buffer | null;
}

interface Key {
  readonly txId: string;
  readonly position: string;
}

/** How verify reads the log: events a page, and ranges read at once (each on its own connection). */
export interface VerifyReading {
  readonly pageSize: number;
  readonly parallel: number;
}

export const defaultReading: VerifyReading = { pageSize: 20_000, parallel: 3 };
const start: Key = { txId: '0', position: '0' };

/** Events after `after` (up to `upTo`, if given) in the chain's order, below the visibility horizon. */
const readPage = async (pool: pg.Pool, after: Key, upTo: Key | null, limit: number): Promise<VerifiedRow[]> =>
  (
    await pool.query<VerifiedRow>(
      // The page first, then its digests and chain rows: the planner cannot estimate a row comparison over few
      // transactions (one bulk import is one tx_id) and would otherwise hash-join the whole rest of the log,
      // digest all of it and sort it for every page. OFFSET 0 keeps the chain lookup per event.
      `SELECT ${chainColumns}, c.seq::text AS seq, c.hash
       FROM (SELECT * FROM es.events e
             WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint)
               AND ($3::xid8 IS NULL OR (e.tx_id, e.global_position) <= ($3::xid8, $4::bigint))
               AND e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
             ORDER BY e.tx_id, e.global_position
             LIMIT ${limit}) e
       LEFT JOIN LATERAL (SELECT c.seq, c.hash FROM es.event_chain c
                          WHERE c.global_position = e.global_position OFFSET 0) c ON true
       ORDER BY e.tx_id, e.global_position`,
      [after.txId, after.position, upTo?.txId ?? null, upTo?.position ?? null],
    )
  ).rows;

const readRange = async (pool: pg.Pool, from: Key, upTo: Key, pageSize: number): Promise<VerifiedRow[]> => {
  const rows: VerifiedRow[] = [];
  for (let after = from; ;) {
    const page = await readPage(pool, after, upTo, 2 * pageSize);
    rows.push(...page);
    if (page.length < 2 * pageSize) return rows;
    after = page.at(-1)!;
  }
};

/**
 * Every `pageSize`-th row of the stored chain: where to cut the log into ranges read at once. Only a partition
 * of the log's order, so a tampered chain cannot hide an event from verify: every event between two cuts is read.
 */
const readCuts = async (pool: pg.Pool, pageSize: number): Promise<Key[]> =>
  (
    await pool.query<Key>(
      `SELECT c.tx_id::text AS "txId", c.global_position::text AS position
       FROM generate_series($1::bigint, (SELECT coalesce(max(seq), 0) FROM es.event_chain), $1::bigint) s
       JOIN es.event_chain c ON c.seq = s
       ORDER BY c.tx_id, c.global_position`,
      [pageSize],
    )
  ).rows;

/**
 * The log in the chain's order, page by page, for verify: the chained part in ranges rendered and digested by
 * PostgreSQL on `parallel` connections at once, cut every `pageSize` chain rows (the digests are the cost; the chain step is cheap), then the
 * rest (the runner's newest rows, the events it has not chained yet) page by page, the next read while this one
 * is chained.
 */
export async function* logInChainOrder(
  pool: pg.Pool,
  { pageSize, parallel }: VerifyReading = defaultReading,
): AsyncGenerator<VerifiedRow[]> {
  const cuts = await readCuts(pool, pageSize);
  const inFlight: Promise<VerifiedRow[]>[] = [];
  let next = 0;
  const fill = () => {
    for (; inFlight.length < parallel && next < cuts.length; next += 1) {
      const range = readRange(pool, next === 0 ? start : cuts[next - 1]!, cuts[next]!, pageSize);
      range.catch(() => undefined); // awaited in order below; a failure must not go unhandled meanwhile
      inFlight.push(range);
    }
  };
  fill();
  while (inFlight.length > 0) {
    const rows = await inFlight.shift()!;
    fill();
    if (rows.length > 0) yield rows;
  }
  for (let page = readPage(pool, cuts.at(-1) ?? start, null, pageSize); ;) {
    const rows = await page;
    const tail = rows.at(-1);
    if (!tail) return;
    page = readPage(pool, tail, null, pageSize);
    page.catch(() => undefined);
    yield rows;
  }
}
