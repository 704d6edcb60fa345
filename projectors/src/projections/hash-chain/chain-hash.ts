import { hash } from 'node:crypto';

/** One event as the chain sees it: where it is, what it is (to name it), and its content digest. */
export interface ChainedEvent {
  readonly position: string;
  readonly txId: string;
  readonly streamId: string;
  readonly type: string;
  /** sha256 of the event's canonical text (`canonicalText`), computed in Node from the row's values. */
  readonly digest: Buffer;
}

/** The definition of the canonical text, as decision 1200 states it (the tests compare `canonicalText` with it). */
export const jsonbBuildArraySql = `jsonb_build_array(e.global_position, e.stream_id, e.stream_version, e.event_id,
  e.type, e.schema_version, e.data, e.metadata,
  to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text`;

export const genesisHash: Buffer = Buffer.alloc(32);

/** sha256(previous hash ‖ the event's digest). */
export const chainHash = (previous: Buffer, event: Pick<ChainedEvent, 'digest'>): Buffer =>
  hash('sha256', Buffer.concat([previous, event.digest], 64), 'buffer');

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
