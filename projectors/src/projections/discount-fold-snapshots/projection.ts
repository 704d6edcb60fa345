import { chainUpcasters, eventColumns, recordedEventOf, type EventRow } from '@dm/event-store';
import {
  discountCodeEventSchema,
  discountCodesStream,
  discountEventSchema,
  discountFoldSnapshotEvery,
  discountFoldVersion,
  discountHistoryEventOf,
  discountStream,
  emptyDiscountAsOfFold,
  foldDiscountAsOf,
  foldOfSnapshot,
  snapshotOfFold,
  upcasters,
  type DiscountFoldSnapshot,
} from '@dm/events';
import type pg from 'pg';
import { defineProjection, type ProjectedEvent } from '../../define-projection';

const upcast = chainUpcasters(upcasters);
const endOfTime = new Date(8.64e15);

const discountOf = (streamId: string): string | null => {
  for (const prefix of ['discount:', 'discount-codes:']) {
    if (streamId.startsWith(prefix)) return streamId.slice(prefix.length);
  }
  return null;
};

interface SnapshotRow {
  events: string;
  tx_id: string;
  global_position: string;
  recorded_until: Date;
  state: DiscountFoldSnapshot;
}

/**
 * The snapshot after the `events`-th event of a discount's streams (`upTo`, in the log's order): the previous
 * snapshot's fold, then the events after it read from the log, upcast and parsed as the as-of answer reads them.
 */
const writeSnapshot = async (tx: pg.PoolClient, discountId: string, events: number, upTo: ProjectedEvent) => {
  const { rows: before } = await tx.query<SnapshotRow>(
    `SELECT events::text, tx_id::text, global_position::text, recorded_until, state FROM rm.discount_fold_snapshots
     WHERE discount_id = $1 AND fold_version = $2 AND events < $3 ORDER BY events DESC LIMIT 1`,
    [discountId, discountFoldVersion, events],
  );
  const previous = before[0];
  const { rows } = await tx.query<EventRow>(
    // Qualified columns: a bare ORDER BY tx_id would sort by the text alias of eventColumns.
    `SELECT ${eventColumns} FROM es.events e
     WHERE e.stream_id = ANY($1::text[])
       AND (e.tx_id, e.global_position) > ($2::xid8, $3::bigint)
       AND (e.tx_id, e.global_position) <= ($4::xid8, $5::bigint)
     ORDER BY e.tx_id, e.global_position`,
    [
      [discountStream(discountId), discountCodesStream(discountId)],
      previous?.tx_id ?? '0',
      previous?.global_position ?? '0',
      upTo.txId.toString(),
      upTo.position.toString(),
    ],
  );
  if (rows.length !== events - Number(previous?.events ?? 0)) {
    throw new Error(`discount ${discountId}: ${rows.length} events in the log before event ${events}'s place`);
  }
  const history = rows.map((row) => discountHistoryEventOf(upcast(recordedEventOf(row))));
  const fold = foldDiscountAsOf(history, endOfTime, previous ? foldOfSnapshot(previous.state) : emptyDiscountAsOfFold);
  const recordedUntil = Math.max(previous?.recorded_until.getTime() ?? 0, ...rows.map((r) => r.created_ms));
  await tx.query(
    `INSERT INTO rm.discount_fold_snapshots (discount_id, fold_version, events, tx_id, global_position, recorded_until,
       state)
     VALUES ($1, $2, $3, $4::xid8, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [
      discountId,
      discountFoldVersion,
      events,
      upTo.txId.toString(),
      upTo.position.toString(),
      new Date(recordedUntil),
      JSON.stringify(snapshotOfFold(fold)),
    ],
  );
};

/** One run of a discount's events: counted per discount in one statement; each 1,000th is followed by a snapshot. */
const count = async (events: readonly ProjectedEvent[], tx: pg.PoolClient) => {
  const ours = events.flatMap((event) => {
    const discountId = discountOf(event.streamId);
    return discountId === null ? [] : [{ discountId, event }];
  });
  const inRun = new Map<string, number>();
  for (const { discountId } of ours) inRun.set(discountId, (inRun.get(discountId) ?? 0) + 1);
  if (inRun.size === 0) return;
  const { rows } = await tx.query<{ discount_id: string; events: string }>(
    `INSERT INTO rm.discount_fold_counts (discount_id, events)
     SELECT * FROM unnest($1::text[], $2::bigint[])
     ON CONFLICT (discount_id) DO UPDATE SET events = rm.discount_fold_counts.events + excluded.events
     RETURNING discount_id, events::text`,
    [[...inRun.keys()], [...inRun.values()]],
  );
  const seen = new Map(rows.map((r) => [r.discount_id, Number(r.events) - inRun.get(r.discount_id)!]));
  for (const { discountId, event } of ours) {
    const n = seen.get(discountId)! + 1;
    seen.set(discountId, n);
    if (n % discountFoldSnapshotEvery === 0) await writeSnapshot(tx, discountId, n, event);
  }
};

const discountTypes = [...discountEventSchema.options, ...discountCodeEventSchema.options].map((o) => o.eventType);

/**
 * rm.discount_fold_snapshots (decision 1270): every 1,000 events of a discount's two streams, the as-of fold so
 * far, so an answer about a long history folds only what follows the latest snapshot before its instant.
 * Its version is the fold's: a changed fold rebuilds them.
 */
export const discountFoldSnapshotsProjection = defineProjection({
  name: 'discount-fold-snapshots',
  version: discountFoldVersion,
  tables: ['rm.discount_fold_snapshots', 'rm.discount_fold_counts'],
  handles: {},
  handlesMany: Object.fromEntries(discountTypes.map((type) => [type, count])),
});
