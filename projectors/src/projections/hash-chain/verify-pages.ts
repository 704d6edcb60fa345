import type pg from 'pg';
import { eventColumns, eventDigest, queryLogged, type LoggedEvent } from './canonical-event';
import type { ChainedEvent } from './chain-hash';
import { copyLogged, inlined } from './copy-logged';

/** An event of the log with its digest (computed here, decision 1320) and the chain row stored for it, if any. */
export interface VerifiedRow extends ChainedEvent {
  readonly seq: string | null;
  readonly hash: Buffer | null;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

interface Key {
  readonly txId: string;
  readonly position: string;
}

interface Cut extends Key {
  readonly seq: string;
}

/** How verify reads the log: events a page, and ranges read at once (each on its own connection). */
export interface VerifyReading {
  readonly pageSize: number;
  readonly parallel: number;
}

export const defaultReading: VerifyReading = { pageSize: 20_000, parallel: 3 };
const start: Key = { txId: '0', position: '0' };

const inRange = `(e.tx_id, e.global_position) > ($1::xid8, $2::bigint)
  AND ($3::xid8 IS NULL OR (e.tx_id, e.global_position) <= ($3::xid8, $4::bigint))
  AND e.tx_id < (SELECT es.read_horizon())`;

/** Events after `after` (up to `upTo`, if given) in the chain's order, below the visibility horizon. */
const readPage = async (pool: pg.Pool, after: Key, upTo: Key | null, limit: number): Promise<VerifiedRow[]> =>
  (
    await queryLogged<LoggedEvent & { seq: string | null; hash: Buffer | null }>(
      pool,
      // The page first, then its chain rows: the planner cannot estimate a row comparison over few transactions
      // (one bulk import is one tx_id) and would otherwise hash-join the whole rest of the log with the chain and
      // sort it for every page. OFFSET 0 keeps the chain lookup per event.
      `SELECT ${eventColumns}, c.seq, c.hash
       FROM (SELECT * FROM es.events e WHERE ${inRange} ORDER BY e.tx_id, e.global_position LIMIT ${limit}) e
       LEFT JOIN LATERAL (SELECT c.seq, c.hash FROM es.event_chain c
                          WHERE c.global_position = e.global_position OFFSET 0) c ON true
       ORDER BY e.tx_id, e.global_position`,
      [after.txId, after.position, upTo?.txId ?? null, upTo?.position ?? null],
    )
  ).map((row) => verifiedRow(row, row.seq, row.hash));

/** One object per event, built once: verify holds a few ranges of them, and the garbage collector was its cost. */
const verifiedRow = (e: LoggedEvent, seq: string | null, hash: Buffer | null): VerifiedRow => ({
  position: e.position,
  txId: e.txId,
  streamId: e.streamId,
  type: e.type,
  digest: eventDigest(e),
  seq,
  hash,
});

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
 * A range of the chained log between two cuts: its events and the chain rows `lo + 1 … hi`, each read in one
 * statement (decision 1271), put side by side when every chain row is the event at its place. Anything else (an
 * event missing, slipped in or moved) reads the range again with each event's own chain row, to name it.
 */
const readChainedRange = async (pool: pg.Pool, from: Cut | null, upTo: Cut, pageSize: number) => {
  const lo = BigInt(from?.seq ?? '0');
  const after = from ?? start;
  const [events, chain] = await Promise.all([
    copyLogged(
      pool,
      `es.events e WHERE (e.tx_id, e.global_position) > ('${inlined(after.txId)}'::xid8, ${inlined(after.position)})
         AND (e.tx_id, e.global_position) <= ('${inlined(upTo.txId)}'::xid8, ${inlined(upTo.position)})
         AND e.tx_id < (SELECT es.read_horizon())`,
      'e.tx_id, e.global_position',
      // Digested as it streams in: the range's texts are garbage at once; seq and hash are set once aligned.
      (event): Writable<VerifiedRow> => verifiedRow(event, null, null),
    ),
    pool.query<{ position: string; hash: Buffer }>(
      `SELECT c.global_position::text AS position, c.hash FROM es.event_chain c
       WHERE c.seq > $1::bigint AND c.seq <= $2::bigint ORDER BY c.seq`,
      [lo.toString(), upTo.seq],
    ),
  ]);
  const aligned =
    events.length === Number(BigInt(upTo.seq) - lo) &&
    events.length === chain.rows.length &&
    events.every((row, i) => row.position === chain.rows[i]!.position);
  if (!aligned) return readRange(pool, from ?? start, upTo, pageSize);
  events.forEach((row, i) => {
    row.seq = (lo + BigInt(i + 1)).toString();
    row.hash = chain.rows[i]!.hash;
  });
  return events;
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
 * The log in the chain's order for verify: the chained part in ranges cut every `pageSize` chain rows, read on
 * `parallel` connections at once (rendering jsonb for the wire is the server's cost); then the rest (the runner's
 * newest rows, the events it has not chained yet) page by page, the next read while this one is chained.
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
      const range = readChainedRange(pool, next === 0 ? null : cuts[next - 1]!, cuts[next]!, pageSize);
      range.catch(() => undefined); // awaited in order below; a failure must not go unhandled meanwhile
      inFlight.push(range);
    }
  };
  fill();
  while (inFlight.length > 0) {
    const range = await inFlight.shift()!;
    fill();
    if (range.length > 0) yield range;
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
