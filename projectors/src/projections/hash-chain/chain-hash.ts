import { createHash } from 'node:crypto';

/** One event as the chain sees it: where it is, what it is (to name it), and its content digest. */
export interface ChainedEvent {
  readonly position: string;
  readonly txId: string;
  readonly streamId: string;
  readonly type: string;
  /** sha256 of the event's canonical text (`canonicalEventSql`), computed by PostgreSQL beside the data. */
  readonly digest: Buffer;
}

/**
 * The canonical text of an event (decision 1200): one JSON array of everything stored about it — position,
 * stream, version, id, type, schema version, data, metadata, recorded time (UTC, microseconds) — as PostgreSQL's
 * `jsonb_build_array(…)::text` renders it, whose text is a function of the value (object keys deduplicated and
 * sorted, no spacing choices, numbers as stored). Strings are JSON-escaped, so no two events share a text.
 * Written out piece by piece (decision 1271): the same text, without building a jsonb array that copies the
 * event's data and metadata first (`jsonbBuildArraySql` is the definition it is tested against).
 */
export const canonicalEventSql = `('[' || e.global_position || ', ' || to_json(e.stream_id)::text || ', ' || e.stream_version
  || ', "' || e.event_id || '", ' || to_json(e.type)::text || ', ' || e.schema_version || ', ' || e.data::text
  || ', ' || e.metadata::text || ', "' || to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  || '"]')`;

/** The definition of the canonical text, as decision 1200 states it. */
export const jsonbBuildArraySql = `jsonb_build_array(e.global_position, e.stream_id, e.stream_version, e.event_id,
  e.type, e.schema_version, e.data, e.metadata,
  to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text`;

/** The columns of `ChainedEvent`, for a SELECT over `es.events e`. */
export const chainColumns = `e.global_position::text AS position, e.tx_id::text AS "txId", e.stream_id AS "streamId",
  e.type, sha256(convert_to(${canonicalEventSql}, 'UTF8')) AS digest`;

export const genesisHash: Buffer = Buffer.alloc(32);

/** sha256(previous hash ‖ the event's digest). */
export const chainHash = (previous: Buffer, event: Pick<ChainedEvent, 'digest'>): Buffer =>
  createHash('sha256').update(previous).update(event.digest).digest();

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
