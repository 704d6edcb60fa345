import { chainUpcasters } from '@dm/event-store';
import {
  discountCodeEventSchema,
  discountCodesStream,
  discountEventSchema,
  discountStream,
  upcasters,
  type DiscountHistoryEvent,
} from '@dm/events';
import type pg from 'pg';

interface Queries {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

interface EventRow {
  global_position: string;
  stream_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  created_at: Date;
  event_id: string;
  tx_id: string;
  stream_version: string;
}

const upcast = chainUpcasters(upcasters);

/** The statement behind `readDiscountHistory`: both streams up to `at`, and the creation whenever it happened. */
export const discountHistoryStatement = (discountId: string, at: Date): pg.QueryConfig => ({
  // Only what the fold and the upcasters use: metadata (who, which command) is not part of the state.
  text: `SELECT global_position::text, tx_id::text, stream_id, stream_version::text, event_id, type, schema_version,
                data, created_at
         FROM es.events
         WHERE stream_id = ANY($1::text[]) AND (created_at <= $2 OR (stream_id = $3 AND stream_version = 1))
         ORDER BY global_position`,
  values: [[discountStream(discountId), discountCodesStream(discountId)], at, discountStream(discountId)],
});

/**
 * The discount's two streams from the log (never from read models) up to `at`, and its creation whenever it
 * happened: a discount created after `at` still has a brand to check the caller against. Parsed as the
 * deciders see them (upcast, then the streams' schemas).
 */
export const readDiscountHistory = async (
  db: Queries,
  discountId: string,
  at: Date,
): Promise<{ brandId: number | null; events: DiscountHistoryEvent[] }> => {
  const { rows } = await db.query<EventRow>(discountHistoryStatement(discountId, at));
  let brandId: number | null = null;
  const events = rows.map((row): DiscountHistoryEvent => {
    const { type, data } = upcast({
      globalPosition: BigInt(row.global_position),
      txId: BigInt(row.tx_id),
      streamId: row.stream_id,
      streamVersion: BigInt(row.stream_version),
      eventId: row.event_id,
      type: row.type,
      schemaVersion: row.schema_version,
      data: row.data,
      metadata: {},
      createdAt: row.created_at,
    });
    const schema = row.stream_id.startsWith('discount-codes:') ? discountCodeEventSchema : discountEventSchema;
    const event = schema.parse({ type, data });
    if (event.type === 'DiscountCreated') brandId = event.data.brandId;
    return Object.assign(event, { createdAt: row.created_at, globalPosition: BigInt(row.global_position) });
  });
  return { brandId, events };
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
