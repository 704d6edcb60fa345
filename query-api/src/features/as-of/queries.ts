import { chainUpcasters, recordedEventOf, type EventRow } from '@dm/event-store';
import {
  discountCodesStream,
  discountFoldVersion,
  discountHistoryEventOf,
  discountStream,
  emptyDiscountAsOfFold,
  foldDiscountAsOf,
  foldOfSnapshot,
  upcasters,
  type DiscountAsOfFold,
  type DiscountFoldSnapshot,
  type DiscountHistoryEvent,
} from '@dm/events';
import type pg from 'pg';

interface Queries {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

const upcast = chainUpcasters(upcasters);

/** The newest snapshot of the fold (decision 1270) whose events were all recorded by `at`. */
export const discountSnapshotStatement = (discountId: string, at: Date): pg.QueryConfig => ({
  text: `SELECT tx_id::text, global_position::text, state FROM rm.discount_fold_snapshots
         WHERE discount_id = $1 AND fold_version = $2 AND recorded_until <= $3
         ORDER BY events DESC LIMIT 1`,
  values: [discountId, discountFoldVersion, at],
});

interface Snapshot {
  tx_id: string;
  global_position: string;
  state: DiscountFoldSnapshot;
}

/**
 * The statement behind `readDiscountAsOf`: both streams' events after the snapshot (none: from the start) up to
 * `at`, in the log's order, and the creation whenever it happened.
 */
export const discountHistoryStatement = (
  discountId: string,
  at: Date,
  after: { txId: string; position: string } = { txId: '0', position: '0' },
): pg.QueryConfig => ({
  // Only what the fold and the upcasters use: metadata (who, which command) is not part of the state. Columns
  // are qualified: a bare ORDER BY tx_id would sort by the text alias.
  text: `SELECT global_position::text, tx_id::text, stream_id, stream_version::text, event_id, type, schema_version,
                data, created_at
         FROM es.events e
         WHERE e.stream_id = ANY($1::text[])
           AND (((e.tx_id, e.global_position) > ($4::xid8, $5::bigint) AND e.created_at <= $2)
                OR (e.stream_id = $3 AND e.stream_version = 1))
         ORDER BY e.tx_id, e.global_position`,
  values: [
    [discountStream(discountId), discountCodesStream(discountId)],
    at,
    discountStream(discountId),
    after.txId,
    after.position,
  ],
});

/**
 * The discount's fold at `at` from the log (never from read models): the newest snapshot of its fold recorded by
 * then, and the events after it, upcast and parsed as the deciders see them. The creation is read whenever it
 * happened: a discount created after `at` still has a brand to check the caller against.
 */
export const readDiscountAsOf = async (
  db: Queries,
  discountId: string,
  at: Date,
): Promise<{ brandId: number | null; fold: DiscountAsOfFold }> => {
  const snapshot = (await db.query<Snapshot>(discountSnapshotStatement(discountId, at))).rows[0];
  const after = snapshot ? { txId: snapshot.tx_id, position: snapshot.global_position } : undefined;
  const { rows } = await db.query<EventRow>(discountHistoryStatement(discountId, at, after));
  const inSnapshot = (row: EventRow) =>
    after !== undefined &&
    (BigInt(row.tx_id) < BigInt(after.txId) ||
      (row.tx_id === after.txId && BigInt(row.global_position) <= BigInt(after.position)));
  let brandId: number | null = null;
  const events: DiscountHistoryEvent[] = [];
  for (const row of rows) {
    const event = discountHistoryEventOf(upcast(recordedEventOf({ ...row, metadata: {} })));
    if (event.type === 'DiscountCreated') brandId = event.data.brandId;
    if (!inSnapshot(row)) events.push(event);
  }
  const from = snapshot ? foldOfSnapshot(snapshot.state) : emptyDiscountAsOfFold;
  return { brandId, fold: foldDiscountAsOf(events, at, from) };
};

/** Today's names of the stores (the one part of the answer not as of `at`). */
export const storeNames = async (db: Queries, storeIds: readonly number[]): Promise<Map<number, string>> => {
  if (storeIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; name: string }>({
    text: 'SELECT id, name FROM rm.stores WHERE id = ANY($1::int[])',
    values: [storeIds],
  });
  return new Map(rows.map((r) => [r.id, r.name]));
};
