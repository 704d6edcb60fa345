import pg from 'pg';
import type { AppendResult, NewEvent, StreamAppend } from './types';

const uniqueViolation = '23505';

// Every stream at its exact version, in one statement: version N+1… is free (unique key, so a race or a re-sent id
// fails the whole statement) and, checked beside it, version N exists. Rows go in stream order, as appendMany locks.
const batchInsertSql = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[])
      AS i(stream_id, expected, ord, event_id, type, schema_version, data, metadata)
  ), inserted AS (
    INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
    SELECT i.stream_id, i.expected + i.ord, i.event_id, i.type, i.schema_version, i.data, i.metadata, $9
    FROM input i
    WHERE NOT EXISTS (SELECT FROM input x WHERE x.expected > 0 AND NOT EXISTS (
      SELECT FROM es.events e WHERE e.stream_id = x.stream_id AND e.stream_version = x.expected))
    ORDER BY i.stream_id, i.ord
    RETURNING stream_id, global_position
  )
  SELECT stream_id, max(global_position)::text AS last_position, count(*)::int AS appended
  FROM inserted GROUP BY stream_id`;

/** The version an append pins, when it pins one ('no_stream' is version 0). */
export const exactVersionOf = (append: StreamAppend): bigint | null =>
  typeof append.expected === 'bigint' ? append.expected : append.expected === 'no_stream' ? 0n : null;

/**
 * Appends many streams at exact versions in one INSERT, inside appendMany's transaction (the code ledger: a
 * command reserves a thousand codes in several stores, one stream each). Null when it cannot decide — a wrong
 * version, a race or a re-sent id: the statement is undone to its savepoint, and the caller appends stream by
 * stream, which gives the precise answer (error or no-op).
 */
export const tryBatchAppend = async (
  client: pg.PoolClient,
  appends: readonly StreamAppend[],
  now: Date,
  newId: () => string,
): Promise<AppendResult[] | null> => {
  const flat = appends.flatMap((a) =>
    a.events.map((event: NewEvent, i) => ({ streamId: a.streamId, expected: exactVersionOf(a)!, ord: i + 1, event })),
  );
  await client.query('SAVEPOINT es_batch');
  try {
    const { rows } = await client.query<{ stream_id: string; last_position: string; appended: number }>({
      name: 'es-append-batch',
      text: batchInsertSql,
      values: [
        flat.map((r) => r.streamId),
        flat.map((r) => r.expected.toString()),
        flat.map((r) => r.ord),
        flat.map((r) => r.event.eventId ?? newId()),
        flat.map((r) => r.event.type),
        flat.map((r) => r.event.schemaVersion ?? 1),
        flat.map((r) => JSON.stringify(r.event.data)),
        flat.map((r) => JSON.stringify(r.event.metadata ?? {})),
        now,
      ],
    });
    const byStream = new Map(rows.map((r) => [r.stream_id, r]));
    if (rows.length !== new Set(appends.map((a) => a.streamId)).size) {
      await client.query('ROLLBACK TO SAVEPOINT es_batch');
      return null;
    }
    await client.query('RELEASE SAVEPOINT es_batch');
    return appends.map((a) => {
      const row = byStream.get(a.streamId)!;
      return {
        lastPosition: BigInt(row.last_position),
        nextExpectedVersion: exactVersionOf(a)! + BigInt(a.events.length),
        appended: a.events.length,
      };
    });
  } catch (error) {
    if (!(error instanceof pg.DatabaseError) || error.code !== uniqueViolation) throw error;
    await client.query('ROLLBACK TO SAVEPOINT es_batch');
    return null;
  }
};
