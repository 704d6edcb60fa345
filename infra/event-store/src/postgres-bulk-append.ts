import pg from 'pg';
import { ConcurrencyError, type AppendResult, type NewEvent, type StreamAppend } from './types';

/**
 * Many streams at exact versions (a CSV import reserves 100,000 codes, each its own ledger stream) in one
 * statement instead of one per stream (docs/decisions/1141-bulk-ledger-appends.md). Rows go in sorted by stream
 * id as JavaScript compares them, like the per-stream path, so two bulk appends meet their common keys in the same
 * order (sorted here: the database's collation sorts text several times slower).
 */
const bulkInsertSql = `
  WITH rows AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::uuid[], $5::text[], $6::int[], $7::jsonb[],
      $8::jsonb[]) WITH ORDINALITY AS r(stream_id, base, stream_version, event_id, type, schema_version, data, metadata, ord)
  ), inserted AS (
    INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
    SELECT r.stream_id, r.stream_version, r.event_id, r.type, r.schema_version, r.data, r.metadata, $9
    FROM rows r
    -- The version before is the one expected: it exists (unique keys refuse a later one being taken).
    WHERE r.base = 0 OR EXISTS (SELECT FROM es.events e WHERE e.stream_id = r.stream_id AND e.stream_version = r.base)
    ORDER BY r.ord
    RETURNING stream_id, stream_version, global_position
  )
  SELECT stream_id, max(stream_version)::text AS version, max(global_position)::text AS last_position,
         count(*)::int AS appended
  FROM inserted GROUP BY stream_id`;

const uniqueViolation = '23505';
const streamKey = /^Key \(stream_id, stream_version\)=\((.*), (\d+)\) already exists\.$/s;

/** Not decided here (a re-sent event id, or a caller's version the stream never had): ask the precise path. */
export class BulkAppendUndecided extends Error {}

export const exactVersionOf = (append: StreamAppend): bigint | null =>
  typeof append.expected === 'bigint' ? append.expected : append.expected === 'no_stream' ? 0n : null;

export const bulkAppend = async (
  client: pg.PoolClient,
  appends: readonly StreamAppend[],
  { now, newId }: { now: () => Date; newId: () => string },
): Promise<AppendResult[]> => {
  const columns: [string[], string[], string[], string[], string[], number[], string[], string[]] = [
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
  ];
  // Events of one command share their metadata object: written out once.
  const metadataJson = new Map<unknown, string>();
  const metadataOf = (metadata: NewEvent['metadata']) => {
    let json = metadataJson.get(metadata);
    if (json === undefined) metadataJson.set(metadata, (json = JSON.stringify(metadata ?? {})));
    return json;
  };
  const sorted = [...appends].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
  for (const append of sorted) {
    const base = exactVersionOf(append);
    if (base === null) throw new Error('bulkAppend takes exact expected versions only');
    append.events.forEach((event: NewEvent, i) => {
      columns[0].push(append.streamId);
      columns[1].push(base.toString());
      columns[2].push((base + BigInt(i) + 1n).toString());
      columns[3].push(event.eventId ?? newId());
      columns[4].push(event.type);
      columns[5].push(event.schemaVersion ?? 1);
      columns[6].push(JSON.stringify(event.data));
      columns[7].push(metadataOf(event.metadata));
    });
  }
  let rows: { stream_id: string; version: string; last_position: string; appended: number }[];
  try {
    ({ rows } = await client.query({ text: bulkInsertSql, values: [...columns, now()] }));
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code === uniqueViolation) {
      const collided = streamKey.exec(error.detail ?? '');
      if (!collided) throw new BulkAppendUndecided('an event id is stored already');
      const append = appends.find((a) => a.streamId === collided[1]);
      throw new ConcurrencyError(collided[1]!, append?.expected ?? 'any', BigInt(collided[2]!));
    }
    throw error;
  }
  const byStream = new Map(rows.map((r) => [r.stream_id, r]));
  if (appends.some((a) => byStream.get(a.streamId)?.appended !== a.events.length)) {
    throw new BulkAppendUndecided('a stream was not at its expected version');
  }
  return appends.map((a) => {
    const row = byStream.get(a.streamId)!;
    return {
      nextExpectedVersion: BigInt(row.version),
      lastPosition: BigInt(row.last_position),
      appended: row.appended,
    };
  });
};
