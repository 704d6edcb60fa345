import { chainUpcasters, createdMsColumn, recordedEventOf, type EventRow } from '@dm/event-store';
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

/** Where the log is cut for an answer: a point of the log's order (transaction, then position). */
export interface LogCut {
  readonly txId: string;
  readonly position: string;
}

interface PositionCut extends LogCut {
  /** When the event at the position was recorded (cut by position only). */
  readonly recordedAt?: Date;
}

/** What an as-of answer is asked for: an instant, or a point of the log named by an event's global position. */
export type AsOfPoint = { readonly at: Date } | { readonly position: string };

/**
 * Where the log is cut for `point` (decision 1322), among transactions nothing can overtake any more. At an
 * instant: the last event of the discount's streams recorded at or before it, taken from the log — everything
 * before it in the log's order is folded, even an event whose writer's clock said later, and nothing after it,
 * even an event whose clock said earlier: the answer is always a prefix of the log, a state that existed. At a
 * position: that event itself, whichever stream it belongs to. Null: no such point (yet).
 */
export const logCutStatement = (discountId: string, point: AsOfPoint): pg.QueryConfig =>
  'at' in point
    ? {
        text: `SELECT e.tx_id::text AS "txId", e.global_position::text AS position FROM es.events e
               WHERE e.stream_id = ANY($1::text[]) AND e.created_at <= $2
                 AND e.tx_id < (SELECT es.read_horizon())
               ORDER BY e.tx_id DESC, e.global_position DESC LIMIT 1`,
        values: [[discountStream(discountId), discountCodesStream(discountId)], point.at],
      }
    : {
        text: `SELECT e.tx_id::text AS "txId", e.global_position::text AS position, e.created_at AS "recordedAt"
               FROM es.events e WHERE e.global_position = $1::bigint AND e.tx_id < (SELECT es.read_horizon())`,
        values: [point.position],
      };

/** The newest snapshot of the fold (decision 1270) that is a prefix of the log up to `cut`. */
export const discountSnapshotStatement = (discountId: string, cut: LogCut): pg.QueryConfig => ({
  text: `SELECT tx_id::text, global_position::text, state FROM rm.discount_fold_snapshots
         WHERE discount_id = $1 AND fold_version = $2 AND (tx_id, global_position) <= ($3::xid8, $4::bigint)
         ORDER BY events DESC LIMIT 1`,
  values: [discountId, discountFoldVersion, cut.txId, cut.position],
});

interface Snapshot {
  tx_id: string;
  global_position: string;
  state: DiscountFoldSnapshot;
}

const start: LogCut = { txId: '0', position: '0' };

/**
 * The statement behind `readDiscountAsOf`: both streams' events after the snapshot (none: from the start) up to
 * the cut (none: no event), in the log's order, and the creation whenever it happened.
 */
export const discountHistoryStatement = (
  discountId: string,
  cut: LogCut | null,
  after: LogCut = start,
): pg.QueryConfig => ({
  // Only what the fold and the upcasters use: metadata (who, which command) is not part of the state. Columns
  // are qualified: a bare ORDER BY tx_id would sort by the text alias.
  text: `SELECT global_position::text, tx_id::text, stream_id, stream_version::text, event_id, type, schema_version,
                data, ${createdMsColumn}
         FROM es.events e
         WHERE e.stream_id = ANY($1::text[])
           AND (((e.tx_id, e.global_position) > ($3::xid8, $4::bigint)
                 AND (e.tx_id, e.global_position) <= ($5::xid8, $6::bigint))
                OR (e.stream_id = $2 AND e.stream_version = 1))
         ORDER BY e.tx_id, e.global_position`,
  values: [
    [discountStream(discountId), discountCodesStream(discountId)],
    discountStream(discountId),
    after.txId,
    after.position,
    cut?.txId ?? '0',
    cut?.position ?? '0',
  ],
});

/** The log holds no final event at the position asked. */
export class NoSuchPosition extends Error {}

const endOfTime = new Date(8.64e15);

/**
 * The discount's fold at `point` from the log (never from read models): the newest snapshot of its fold that the
 * cut includes, and the events after it up to the cut, upcast and parsed as the deciders see them. The creation
 * is read whenever it happened: a discount created after the cut still has a brand to check the caller against.
 */
export const readDiscountAsOf = async (
  db: Queries,
  discountId: string,
  point: AsOfPoint,
): Promise<{ brandId: number | null; fold: DiscountAsOfFold; at: Date }> => {
  const cut = (await db.query<PositionCut>(logCutStatement(discountId, point))).rows[0] ?? null;
  if (!cut && 'position' in point) throw new NoSuchPosition(point.position);
  const at = 'at' in point ? point.at : cut!.recordedAt!;
  const snapshot = cut ? (await db.query<Snapshot>(discountSnapshotStatement(discountId, cut))).rows[0] : undefined;
  const after = snapshot ? { txId: snapshot.tx_id, position: snapshot.global_position } : undefined;
  const { rows } = await db.query<EventRow>(discountHistoryStatement(discountId, cut, after));
  const folded = (row: EventRow) => {
    if (!cut) return false;
    const [tx, position] = [BigInt(row.tx_id), BigInt(row.global_position)];
    const afterSnapshot =
      after === undefined || tx > BigInt(after.txId) || (row.tx_id === after.txId && position > BigInt(after.position));
    const uptoCut = tx < BigInt(cut.txId) || (row.tx_id === cut.txId && position <= BigInt(cut.position));
    return afterSnapshot && uptoCut;
  };
  let brandId: number | null = null;
  const events: DiscountHistoryEvent[] = [];
  for (const row of rows) {
    const event = discountHistoryEventOf(upcast(recordedEventOf({ ...row, metadata: {} })));
    if (event.type === 'DiscountCreated') brandId = event.data.brandId;
    if (folded(row)) events.push(event);
  }
  const from = snapshot ? foldOfSnapshot(snapshot.state) : emptyDiscountAsOfFold;
  // The log is already cut by position: the fold's own filter on recorded times must not cut it again.
  return { brandId, fold: foldDiscountAsOf(events, endOfTime, from), at };
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
