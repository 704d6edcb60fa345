import type pg from 'pg';
import { canonicalEventSql, chainColumns, type ChainedEvent } from './chain-hash';

/** An event of the log with its digest and the chain row stored for it, if any. */
export interface VerifiedRow extends ChainedEvent {
  readonly seq: string | null;
  readonly hash: Buffer | null;
}

interface Key {
  readonly txId: string;
  readonly position: string;
}

interface Cut extends Key {
  readonly seq: string;
}

/**
 * A range of the chained log read in one statement (decision 1270): its events' digests and the stored hashes of
 * chain rows `lo + 1 … hi`, concatenated in the log's order, when every one of those chain rows is the event at
 * its place. Anything else (an event missing, slipped in or moved) comes as the range's rows instead.
 */
export interface DigestedRange {
  /** The chain rows' seq before the range: the events before it, when the log is whole. */
  readonly lo: number;
  readonly events: number;
  /** 32 bytes an event. */
  readonly digests: Buffer;
  readonly hashes: Buffer;
  readonly lastPosition: string;
  /** Where in the range the kept head's event is, if there. */
  readonly keptAt: number | null;
  /** The range's rows, read again one by one, to name what does not verify. */
  readonly rows: () => Promise<VerifiedRow[]>;
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

const digestedRangeSql = `
  SELECT cardinality(e.positions) AS events, cardinality(c.positions) AS chained,
         e.positions = c.positions AS aligned, e.digests, c.hashes,
         e.positions[cardinality(e.positions)]::text AS "lastPosition",
         array_position(e.positions, $7::bigint) - 1 AS "keptAt"
  FROM (SELECT coalesce(array_agg(e.global_position ORDER BY e.tx_id, e.global_position), '{}') AS positions,
               string_agg(sha256(convert_to(${canonicalEventSql}, 'UTF8')), ''::bytea
                          ORDER BY e.tx_id, e.global_position) AS digests
        FROM es.events e
        WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint)
          AND (e.tx_id, e.global_position) <= ($3::xid8, $4::bigint)
          AND e.tx_id < pg_snapshot_xmin(pg_current_snapshot())) e,
       (SELECT coalesce(array_agg(c.global_position ORDER BY c.seq), '{}') AS positions,
               string_agg(c.hash, ''::bytea ORDER BY c.seq) AS hashes
        FROM es.event_chain c WHERE c.seq > $5::bigint AND c.seq <= $6::bigint) c`;

const readDigestedRange = async (
  pool: pg.Pool,
  from: Cut | null,
  upTo: Cut,
  pageSize: number,
  keptPosition: string | null,
): Promise<DigestedRange | VerifiedRow[]> => {
  const lo = from?.seq ?? '0';
  const { rows } = await pool.query<{
    events: number;
    chained: number;
    aligned: boolean;
    digests: Buffer | null;
    hashes: Buffer | null;
    lastPosition: string | null;
    keptAt: number | null;
  }>(digestedRangeSql, [
    from?.txId ?? start.txId,
    from?.position ?? start.position,
    upTo.txId,
    upTo.position,
    lo,
    upTo.seq,
    keptPosition,
  ]);
  const range = rows[0]!;
  const whole = Number(upTo.seq) - Number(lo);
  const read = () => readRange(pool, from ?? start, upTo, pageSize);
  if (range.events !== whole || range.chained !== whole || !range.aligned || whole === 0) return read();
  return {
    lo: Number(lo),
    events: range.events,
    digests: range.digests!,
    hashes: range.hashes!,
    lastPosition: range.lastPosition!,
    keptAt: range.keptAt,
    rows: read,
  };
};

/**
 * Every `pageSize`-th row of the stored chain: where to cut the log into ranges read at once. Only a partition
 * of the log's order, so a tampered chain cannot hide an event from verify: every event between two cuts is read.
 */
const readCuts = async (pool: pg.Pool, pageSize: number): Promise<Cut[]> =>
  (
    await pool.query<Cut>(
      `SELECT c.tx_id::text AS "txId", c.global_position::text AS position, c.seq::text AS seq
       FROM generate_series($1::bigint, (SELECT coalesce(max(seq), 0) FROM es.event_chain), $1::bigint) s
       JOIN es.event_chain c ON c.seq = s
       ORDER BY c.tx_id, c.global_position`,
      [pageSize],
    )
  ).rows;

/**
 * The log in the chain's order for verify: the chained part in ranges cut every `pageSize` chain rows, each
 * rendered and digested by PostgreSQL in one statement (`DigestedRange`), on `parallel` connections at once (the
 * digests are the cost; the chain step is cheap); then the rest (the runner's newest rows, the events it has not
 * chained yet) page by page, the next read while this one is chained.
 */
export async function* logInChainOrder(
  pool: pg.Pool,
  { pageSize, parallel }: VerifyReading = defaultReading,
  keptPosition: string | null = null,
): AsyncGenerator<VerifiedRow[] | DigestedRange> {
  const cuts = await readCuts(pool, pageSize);
  const inFlight: Promise<VerifiedRow[] | DigestedRange>[] = [];
  let next = 0;
  const fill = () => {
    for (; inFlight.length < parallel && next < cuts.length; next += 1) {
      const range = readDigestedRange(pool, next === 0 ? null : cuts[next - 1]!, cuts[next]!, pageSize, keptPosition);
      range.catch(() => undefined); // awaited in order below; a failure must not go unhandled meanwhile
      inFlight.push(range);
    }
  };
  fill();
  while (inFlight.length > 0) {
    const range = await inFlight.shift()!;
    fill();
    if (!Array.isArray(range) || range.length > 0) yield range;
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
