import type pg from 'pg';
import { chainHash, genesisHash, type ChainedEvent, type ChainHead } from './chain-hash';
import { defaultReading, logInChainOrder, type VerifiedRow, type VerifyReading } from './verify-pages';

/** Where the log stops matching its chain: the event whose content (or place) changed. */
export interface ChainBreak {
  readonly position: string;
  readonly streamId: string;
  readonly type: string;
  readonly reason: string;
}

export interface ChainVerification {
  /** Events read from the log (below the visibility horizon). */
  readonly events: number;
  /** Of those, how many the stored chain covers (the rest are newer than the runner's last batch). */
  readonly chained: number;
  readonly firstBreak: ChainBreak | null;
  /** The head recomputed from the log: the auditor's to keep outside the database. */
  readonly head: ChainHead | null;
  /** Given a kept head: whether the log up to its position still hashes to it. */
  readonly against: { readonly head: ChainHead; readonly recomputed: string | null } | null;
  readonly ms: number;
}

/**
 * Recomputes the chain from the log (decision 1200), every digest computed here from the rows read (decision
 * 1320), and compares it with the stored one, event by event: the
 * first event whose recomputed hash differs is the first one changed (its content, or an event removed or
 * inserted before it). With a head kept earlier, the log up to that position must hash to it, which holds
 * even against someone who rewrote the log and recomputed the stored chain.
 */
export const verifyChain = async (
  pool: pg.Pool,
  against: ChainHead | null = null,
  reading: VerifyReading = defaultReading,
): Promise<ChainVerification> => {
  const started = performance.now();
  let previous = genesisHash;
  let events = 0;
  let chained = 0;
  let firstBreak: ChainBreak | null = null;
  let unchained: ChainedEvent | null = null;
  let missingSeq: string | null = null;
  let recomputedAtKept: string | null = null;
  const note = (event: ChainedEvent, reason: string) => {
    firstBreak ??= { position: event.position, streamId: event.streamId, type: event.type, reason };
  };
  let lastPosition: string | null = null;
  const verifyRows = (rows: readonly VerifiedRow[]) => {
    for (const row of rows) {
      events += 1;
      previous = chainHash(previous, row);
      if (row.hash === null) {
        unchained ??= row;
      } else {
        // Unchained events can only follow the chained ones (the runner's next batch), never come between them.
        if (unchained) note(unchained, 'it is not in the chain: it was inserted after the chain had passed it');
        chained += 1;
        if (row.seq !== String(events)) {
          if (!firstBreak && BigInt(row.seq!) > BigInt(events)) missingSeq = String(events);
          note(row, `it is event ${row.seq} of the chain but event ${events} of the log`);
        } else if (!previous.equals(row.hash)) note(row, 'its content no longer matches its hash');
      }
      if (against && row.position === against.position) recomputedAtKept = previous.toString('hex');
    }
    lastPosition = rows.at(-1)?.position ?? lastPosition;
  };
  for await (const rows of logInChainOrder(pool, reading)) verifyRows(rows);
  // An event removed from the log: the chain still holds its row, where the log first falls short of it.
  if (missingSeq !== null || firstBreak === null) {
    const { rows: gone } = await pool.query<{ global_position: string }>(
      `SELECT c.global_position::text FROM es.event_chain c
       WHERE (c.seq = $1::bigint OR ($1::bigint IS NULL AND c.seq > $2::bigint))
         AND NOT EXISTS (SELECT FROM es.events e WHERE e.global_position = c.global_position)
       ORDER BY c.seq LIMIT 1`,
      [missingSeq, chained],
    );
    if (gone[0]) {
      const reason = 'it was removed from the log (the chain still holds its place)';
      firstBreak = { position: gone[0].global_position, streamId: '?', type: '?', reason };
    }
  }
  return {
    events,
    chained,
    firstBreak,
    head: lastPosition === null ? null : { position: lastPosition, hash: previous.toString('hex') },
    against: against ? { head: against, recomputed: recomputedAtKept } : null,
    ms: performance.now() - started,
  };
};
