import { hash } from 'node:crypto';
import pg from 'pg';
import type { ChainedEvent } from './chain-hash';

/** An event's stored values as the chain reads them: numbers as decimal text, data and metadata as jsonb text. */
export interface LoggedEvent {
  readonly position: string;
  readonly txId: string;
  readonly streamId: string;
  readonly version: string;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: string;
  readonly data: string;
  readonly metadata: string;
  /** Seconds since 1970 with six decimals (`EXTRACT(EPOCH …)`: the stored microseconds, whatever the session's time zone). */
  readonly epoch: string;
}

/**
 * The columns of `LoggedEvent`, for a SELECT over `es.events e`. Nothing of the digest is computed by the server
 * (decision 1320): the values come as stored, with no function a database administrator can shadow on the search
 * path (EXTRACT is SQL syntax bound to pg_catalog) and no session setting (time zone, date style) in their text.
 */
export const eventColumns = `e.global_position AS position, e.tx_id AS "txId", e.stream_id AS "streamId",
  e.stream_version AS version, e.event_id AS "eventId", e.type, e.schema_version AS "schemaVersion", e.data,
  e.metadata, EXTRACT(EPOCH FROM e.created_at) AS epoch`;

const byteaOid = 17;
const asSent = (value: string) => value;
/**
 * Every value as the text PostgreSQL sends (jsonb as `jsonb::text` renders it), bytea as bytes: the chain only
 * copies the values into its canonical text, so parsing numbers and building objects of them is wasted work.
 */
const parserOf = (oid: number): ((value: string) => unknown) =>
  oid === byteaOid ? (pg.types.getTypeParser(oid, 'text') as (value: string) => unknown) : asSent;
const asText = { getTypeParser: parserOf as typeof pg.types.getTypeParser };

/** Rows of `sql`, every column as its text but bytea. */
export const queryLogged = async <R extends pg.QueryResultRow>(
  db: pg.Pool | pg.PoolClient,
  sql: string,
  values: unknown[],
): Promise<R[]> => (await db.query<R>({ text: sql, values, types: asText })).rows;

let lastSeconds = '';
let lastPrefix = '';
/** `YYYY-MM-DDTHH:MM:SS.` of whole seconds since 1970; the last one kept, as consecutive events share it often. */
const isoSecondsPrefix = (seconds: number, text: string) => {
  if (text === lastSeconds) return lastPrefix;
  const iso = new Date(seconds * 1000).toISOString(); // …T…:…:SS.000Z
  if (iso.length !== 24) throw new Error(`the recorded time ${iso} is outside the years the chain renders`);
  [lastSeconds, lastPrefix] = [text, iso.slice(0, 20)];
  return lastPrefix;
};

const epochText = /^(-?)(\d+)(?:\.(\d{1,6}))?$/;
/** `EXTRACT(EPOCH …)` text as `to_char(… AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` renders it. */
export const utcMicros = (epoch: string) => {
  const dot = epoch.length - 7;
  // The common case (PostgreSQL's numeric EXTRACT keeps six decimals): slices, no regular expression.
  if (dot > 0 && epoch.charCodeAt(dot) === 46 && epoch.charCodeAt(0) !== 45) {
    const whole = epoch.slice(0, dot);
    const fraction = epoch.slice(dot + 1);
    if (/^\d+$/.test(whole) && /^\d{6}$/.test(fraction)) return `${isoSecondsPrefix(Number(whole), whole)}${fraction}Z`;
  }
  const match = epochText.exec(epoch);
  if (!match) throw new Error(`the recorded time ${epoch} is not a time the chain renders`);
  let seconds = Number(match[2]);
  let micros = Number((match[3] ?? '').padEnd(6, '0'));
  if (match[1]) [seconds, micros] = micros > 0 ? [-seconds - 1, 1_000_000 - micros] : [-seconds, 0];
  return `${isoSecondsPrefix(seconds, String(seconds))}${String(micros).padStart(6, '0')}Z`;
};

/**
 * The canonical text of an event (decision 1200): one JSON array of everything stored about it — position,
 * stream, version, id, type, schema version, data, metadata, recorded time (UTC, microseconds) — exactly as
 * PostgreSQL's `jsonb_build_array(…)::text` renders it (its definition, `jsonbBuildArraySql`; a test compares the
 * two over awkward content), so chains stored before stay valid. Written here from the row's values so that the
 * digest is the verifier's own (decision 1320). `JSON.stringify` of a string escapes exactly what `to_json` does.
 */
export const canonicalText = (e: LoggedEvent): string =>
  `[${e.position}, ${JSON.stringify(e.streamId)}, ${e.version}, "${e.eventId}", ${JSON.stringify(e.type)}, ` +
  `${e.schemaVersion}, ${e.data}, ${e.metadata}, "${utcMicros(e.epoch)}"]`;

/** sha256 of the event's canonical text, computed here (one call: no Hash object per event). */
export const eventDigest = (e: LoggedEvent): Buffer => hash('sha256', canonicalText(e), 'buffer');

/** An event as the chain sees it, its digest computed here. */
export const chainedEvent = (e: LoggedEvent): ChainedEvent => ({
  position: e.position,
  txId: e.txId,
  streamId: e.streamId,
  type: e.type,
  digest: eventDigest(e),
});
