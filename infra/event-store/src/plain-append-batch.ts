import pg from 'pg';
import type { AppendResult } from './types';
import type { Statements } from './postgres-append';

/** One stream's events at an exact version, as columns (ids, types, schema versions, data, metadata). */
export interface PlainAppend {
  readonly streamId: string;
  readonly expected: bigint;
  readonly columns: readonly (readonly unknown[])[];
  readonly at: Date;
}

/** One statement for one append (decision 1540's shapes); null when the expected version does not hold. */
export type SendOne = (append: PlainAppend) => Promise<AppendResult | null>;

/** Rows in one batched statement: the arrays stay small enough to build and parse in well under a millisecond. */
const maxRows = 1000;

// The appends of several streams in one INSERT. Each row carries its append's expected version N, and an append is
// written only when its stream holds version N (or N is 0) and not yet version N+1: a stale version leaves that
// append's rows out instead of failing the statement on the unique key, so the other appends still go in. The keys
// still refuse what the checks cannot see (a concurrent writer's version, a re-sent event id).
const batchSql = `
  INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
  SELECT i.stream_id, i.expected + i.k, i.event_id, i.type, i.schema_version, i.data, i.metadata, i.created_at
  FROM unnest($1::text[], $2::bigint[], $3::int[], $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[],
              $9::timestamptz[])
    WITH ORDINALITY AS i(stream_id, expected, k, event_id, type, schema_version, data, metadata, created_at, ord)
  WHERE (i.expected = 0
         OR EXISTS (SELECT FROM es.events e WHERE e.stream_id = i.stream_id AND e.stream_version = i.expected))
    AND NOT EXISTS (SELECT FROM es.events e WHERE e.stream_id = i.stream_id AND e.stream_version = i.expected + 1)
  ORDER BY i.ord
  RETURNING stream_id, stream_version, global_position`;

interface BatchRow {
  stream_id: string;
  stream_version: string;
  global_position: string;
}

const keyOf = (streamId: string, version: bigint | string) => `${version}\u0000${streamId}`;

/** The batch as one statement; null for the appends it did not write, all null when a unique key refused it. */
const sendBatch = async (autocommit: Statements, batch: readonly PlainAppend[]): Promise<(AppendResult | null)[]> => {
  const params: unknown[][] = Array.from({ length: 9 }, () => []);
  for (const append of batch) {
    const count = append.columns[0]!.length;
    for (let k = 0; k < count; k++) {
      params[0]!.push(append.streamId);
      params[1]!.push(append.expected.toString());
      params[2]!.push(k + 1);
      for (let c = 0; c < 5; c++) params[3 + c]!.push(append.columns[c]![k]);
      params[8]!.push(append.at);
    }
  }
  let rows: BatchRow[];
  try {
    ({ rows } = await autocommit.query<BatchRow>({ name: 'es-append-plain-batch', text: batchSql, values: params }));
  } catch (error) {
    // A re-sent event id, two appends racing for one version (in this batch or beside it), or one append's bad
    // value: nothing was written, and each append is decided again on its own, where its precise answer comes from.
    if (error instanceof pg.DatabaseError) return batch.map(() => null);
    throw error;
  }
  const positions = new Map(rows.map((r) => [keyOf(r.stream_id, r.stream_version), BigInt(r.global_position)]));
  return batch.map((append) => {
    const count = append.columns[0]!.length;
    const last = positions.get(keyOf(append.streamId, append.expected + BigInt(count)));
    if (last === undefined) return null;
    return { lastPosition: last, nextExpectedVersion: append.expected + BigInt(count), appended: count };
  });
};

interface Waiting {
  readonly append: PlainAppend;
  readonly resolve: (result: AppendResult | null) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Plain appends as few statements as the load allows (decision 1553): up to `inFlight` statements on their way;
 * appends that arrive meanwhile wait and leave together as one statement when one comes back. Alone, an append
 * leaves at once in its own statement. Each statement is one transaction, so a batch costs one commit and one WAL
 * flush, where each append used to wait for the flushes of those queued before it on its connection.
 */
export const createPlainAppendBatcher = (autocommit: Statements, sendOne: SendOne, inFlight: number) => {
  let waiting: Waiting[] = [];
  let sending = 0;

  const send = (batch: Waiting[]) => {
    sending++;
    const done =
      batch.length === 1
        ? sendOne(batch[0]!.append).then((result) => [result])
        : sendBatch(
            autocommit,
            batch.map((w) => w.append),
          );
    done
      .then(
        (results) => batch.forEach((w, i) => w.resolve(results[i] ?? null)),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        sending--;
        while (waiting.length > 0 && sending < inFlight) flush();
      });
  };

  // One append per stream in a statement: two for one stream would meet on its unique key and fail the others.
  const flush = () => {
    const batch: Waiting[] = [];
    const streams = new Set<string>();
    let rows = 0;
    waiting = waiting.filter((w) => {
      const count = w.append.columns[0]!.length;
      if (streams.has(w.append.streamId) || (batch.length > 0 && rows + count > maxRows)) return true;
      streams.add(w.append.streamId);
      rows += count;
      batch.push(w);
      return false;
    });
    send(batch);
  };

  return (append: PlainAppend): Promise<AppendResult | null> =>
    new Promise((resolve, reject) => {
      waiting.push({ append, resolve, reject });
      if (sending < inFlight) flush();
    });
};
