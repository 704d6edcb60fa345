import { foldOfStream } from '@dm/command-api/folds';
import { chainUpcasters, recordedEventOf, type EventRow } from '@dm/event-store';
import { parseDomainEvent, upcasters } from '@dm/events';
import type pg from 'pg';

export interface HistoryQuery {
  readonly stream: string | null;
  readonly actor: string | null;
  readonly at: Date | null;
  readonly since: Date | null;
  readonly limit: number;
}

interface Row extends EventRow {
  actor: string | null;
}

/** Reads the log (never read models): the audit answer does not depend on any projection being right. */
export const findHistory = async (pool: pg.Pool, query: HistoryQuery): Promise<Row[]> => {
  const { rows } = await pool.query<Row>(
    `SELECT global_position, tx_id::text, stream_id, stream_version, event_id, type, schema_version, data, metadata,
            coalesce(metadata->>'actorEmail', metadata->>'actorId') AS actor, created_at
     FROM es.events
     WHERE ($1::text IS NULL OR stream_id = $1)
       AND ($2::text IS NULL OR lower(metadata->>'actorEmail') = lower($2))
       -- A stream's past is a prefix of it (decision 1322): up to its last event recorded by then, with every
       -- event before that one, whatever the writers' clocks said. Without a stream, a plain filter on time.
       AND ($3::timestamptz IS NULL OR CASE WHEN $1::text IS NULL THEN created_at <= $3
            ELSE stream_version <= (SELECT max(s.stream_version) FROM es.events s
                                    WHERE s.stream_id = $1 AND s.created_at <= $3) END)
       AND ($4::timestamptz IS NULL OR created_at >= $4)
     ORDER BY global_position DESC
     LIMIT $5`,
    [query.stream, query.actor, query.at, query.since, query.stream ? 1_000_000 : query.limit],
  );
  return rows.reverse();
};

/** Maps and sets as plain JSON (a Map of stores prints every store), bigints as text. */
const plain = (value: unknown): unknown => {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  if (value instanceof Set) return [...value].map(plain);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
};

const upcast = chainUpcasters(upcasters);

/**
 * The stream's state after `rows` (its events up to the time asked), folded with its decider's own evolve
 * function: per entity, removals honoured. Null for a stream no decider folds.
 */
export const stateOfStream = (streamId: string, rows: readonly Row[]): unknown => {
  const fold = foldOfStream(streamId);
  if (!fold) return null;
  const state = [...rows]
    .sort((a, b) => Number(BigInt(a.stream_version) - BigInt(b.stream_version)))
    .reduce((acc, row) => {
      const { type, data } = upcast(recordedEventOf(row));
      return fold.evolve(acc, parseDomainEvent({ type, data }));
    }, fold.initialState);
  return plain(fold.present ? fold.present(state) : state);
};

export const printHistory = async (pool: pg.Pool, query: HistoryQuery) => {
  const rows = await findHistory(pool, query);
  if (rows.length === 0) {
    console.log('No events match.');
    return;
  }
  console.table(
    rows.map((r) => ({
      position: r.global_position,
      when: new Date(r.created_ms).toISOString(),
      who: r.actor ?? 'unknown',
      stream: r.stream_id,
      version: r.stream_version,
      what: r.type,
    })),
  );
  if (query.stream) {
    const state = stateOfStream(query.stream, rows);
    if (state === null) {
      console.log(`${query.stream}: no decider folds this stream; its events are listed above.`);
      return;
    }
    console.log(`${query.stream} as of ${query.at?.toISOString() ?? 'now'}:`);
    console.log(JSON.stringify(state, null, 2));
  }
};
