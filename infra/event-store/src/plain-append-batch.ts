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

/** Appends in one batched statement: the arrays stay small enough to build and parse in well under a millisecond. */
const maxAppends = 1000;

// One-event appends of several streams in one INSERT, each row at its append's expected version N + 1 when the
// stream holds version N (or N is 0). A version taken already (a stale N, or a concurrent writer's) skips that row
// through the unique key itself, whatever plan the checks get, and the other rows still go in. An event id taken
// already (a re-sent command) still fails the statement.
const batchSql = `
  INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
  SELECT i.stream_id, i.expected + 1, i.event_id, i.type, i.schema_version, i.data, i.metadata, i.created_at
  FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[],
              $8::timestamptz[])
    WITH ORDINALITY AS i(stream_id, expected, event_id, type, schema_version, data, metadata, created_at, ord)
  WHERE i.expected = 0
     OR EXISTS (SELECT FROM es.events e WHERE e.stream_id = i.stream_id AND e.stream_version = i.expected)
  ORDER BY i.ord
  ON CONFLICT (stream_id, stream_version) DO NOTHING
  RETURNING stream_id, global_position`;

/** The batch as one statement; null for the appends it did not write, all null when the database refused it. */
const sendBatch = async (autocommit: Statements, batch: readonly PlainAppend[]): Promise<(AppendResult | null)[]> => {
  const column = (pick: (append: PlainAppend) => unknown) => batch.map(pick);
  let rows: { stream_id: string; global_position: string }[];
  try {
    ({ rows } = await autocommit.query<{ stream_id: string; global_position: string }>({
      name: 'es-append-plain-batch',
      text: batchSql,
      values: [
        column((a) => a.streamId),
        column((a) => a.expected.toString()),
        ...[0, 1, 2, 3, 4].map((c) => column((a) => a.columns[c]![0])),
        column((a) => a.at),
      ],
    }));
  } catch (error) {
    // A re-sent event id, or one append's value the database refuses: nothing was written, and each append is
    // decided again on its own, where its precise answer comes from.
    if (error instanceof pg.DatabaseError) return batch.map(() => null);
    throw error;
  }
  const positions = new Map(rows.map((r) => [r.stream_id, BigInt(r.global_position)]));
  return batch.map((append) => {
    const position = positions.get(append.streamId);
    return position === undefined
      ? null
      : { lastPosition: position, nextExpectedVersion: append.expected + 1n, appended: 1 };
  });
};

interface Waiting {
  readonly append: PlainAppend;
  readonly resolve: (result: AppendResult | null) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * One-event plain appends as few statements as the load allows (decision 1553): up to `inFlight` statements on
 * their way; appends that arrive meanwhile wait and leave together as one statement when one comes back. Alone, an
 * append leaves at once in its own statement. Each statement is one transaction, so a batch costs one commit and
 * one WAL flush, where each append used to wait for the flushes of those queued before it on its connection.
 */
export const createPlainAppendBatcher = (autocommit: Statements, sendOne: SendOne, inFlight: number) => {
  let waiting: Waiting[] = [];
  let sending = 0;

  const send = (batch: readonly Waiting[]) => {
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

  // One append per stream in a statement: results are told apart by stream, and the second append of a stream
  // would find its version taken by the first.
  const flush = () => {
    const batch: Waiting[] = [];
    const streams = new Set<string>();
    waiting = waiting.filter((w) => {
      if (streams.has(w.append.streamId) || batch.length >= maxAppends) return true;
      streams.add(w.append.streamId);
      batch.push(w);
      return false;
    });
    send(batch);
  };

  return (append: PlainAppend): Promise<AppendResult | null> => {
    // Several events go in their own statement: skipping a taken version row by row could write part of them.
    if (append.columns[0]!.length !== 1) return sendOne(append);
    return new Promise((resolve, reject) => {
      waiting.push({ append, resolve, reject });
      if (sending < inFlight) flush();
    });
  };
};
