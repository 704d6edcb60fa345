import type { RecordedEvent } from './types';

/**
 * When the event was recorded, as milliseconds since the epoch: a float8 parses several times faster than the
 * timestamp text pg hands to `postgres-date` (a large part of reading the log), and a Date keeps milliseconds either
 * way.
 */
export const createdMsColumn = '(extract(epoch FROM created_at) * 1000)::float8 AS created_ms';

/** The columns of `es.events` every read selects, and the row they come back as. */
export const eventColumns = `global_position, tx_id::text AS tx_id, stream_id, stream_version, event_id, type, schema_version,
  data, metadata, ${createdMsColumn}`;

export interface EventRow {
  global_position: string;
  tx_id: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  created_ms: number;
}

/** A stored row as the event it records (before upcasting). */
export const recordedEventOf = (row: EventRow): RecordedEvent => ({
  globalPosition: BigInt(row.global_position),
  txId: BigInt(row.tx_id),
  streamId: row.stream_id,
  streamVersion: BigInt(row.stream_version),
  eventId: row.event_id,
  type: row.type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  createdAt: new Date(row.created_ms),
});
