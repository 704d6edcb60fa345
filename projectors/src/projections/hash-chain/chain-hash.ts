import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** One event as stored, every column text as PostgreSQL renders it (see `chainColumns`). */
export interface ChainedEvent {
  readonly position: string;
  readonly txId: string;
  readonly streamId: string;
  readonly streamVersion: string;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  /** The jsonb columns as text: parsed here, so the hash covers their value, not PostgreSQL's spelling. */
  readonly data: string;
  readonly metadata: string;
  /** UTC, microseconds: every digit PostgreSQL keeps is covered. */
  readonly createdAt: string;
}

/** The columns of `ChainedEvent`, for a SELECT over `es.events e`. */
export const chainColumns = `e.global_position::text AS position, e.tx_id::text AS "txId", e.stream_id AS "streamId",
  e.stream_version::text AS "streamVersion", e.event_id::text AS "eventId", e.type,
  e.schema_version AS "schemaVersion", e.data::text AS data, e.metadata::text AS metadata,
  to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"`;

export const genesisHash: Buffer = Buffer.alloc(32);

/** RFC 8785 (JSON Canonicalization Scheme): one spelling per value, so anyone can recompute it from an export. */
export const canonicalEvent = (event: ChainedEvent): string =>
  canonicalize({
    position: event.position,
    stream: event.streamId,
    version: event.streamVersion,
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: JSON.parse(event.data) as unknown,
    metadata: JSON.parse(event.metadata) as unknown,
    createdAt: event.createdAt,
  })!;

/** sha256(previous ‖ canonical event). */
export const chainHash = (previous: Buffer, event: ChainedEvent): Buffer =>
  createHash('sha256').update(previous).update(canonicalEvent(event), 'utf8').digest();

/** A head kept outside the database: `<position>:<hex hash>`. */
export interface ChainHead {
  readonly position: string;
  readonly hash: string;
}
export const formatHead = (head: ChainHead) => `${head.position}:${head.hash}`;
export const parseHead = (text: string): ChainHead | null => {
  const match = /^(\d{1,19}):([0-9a-f]{64})$/i.exec(text.trim());
  return match ? { position: BigInt(match[1]!).toString(), hash: match[2]!.toLowerCase() } : null;
};
