import pg from 'pg';
import { ConcurrencyError } from './types';
import type { AppendResult, NewEvent, StreamAppend } from './types';
import { createPlainAppendBatcher, type PlainAppend } from './plain-append-batch';

/** Where single statements run: the pool, a transaction's client, or pipelined connections. */
export interface Statements {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
  /** How many connections the statements are spread over, when not a pool's. */
  readonly connections?: number;
}

const concurrencyErrorCode = 'DM001';
const uniqueViolation = '23505';

// Version N+1… is free (unique key) and version N exists: exactly the stream at the expected version.
const versionHolds =
  '($2::bigint = 0 OR EXISTS (SELECT FROM es.events e WHERE e.stream_id = $1 AND e.stream_version = $2::bigint))';
const columns = 'stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at';

// Most commands append one event: its row straight from the parameters, without unnest, sort, CTE or aggregate
// (decision 1540: those took about a third of a one-event append's time in the server).
const plainInsertOneSql = `
  INSERT INTO es.events (${columns})
  SELECT $1, $2::bigint + 1, $3::uuid, $4::text, $5::int, $6::jsonb, $7::jsonb, $8
  WHERE ${versionHolds}
  RETURNING global_position AS last_position`;

// Several events: their positions come back as rows, the last and the count taken here (a CTE and an aggregate
// around the INSERT cost the server about a fifth of a ten-event append, decision 1561).
const plainInsertManySql = `
  INSERT INTO es.events (${columns})
  SELECT $1, $2::bigint + i.ord, i.event_id, i.type, i.schema_version, i.data, i.metadata, $8
  FROM unnest($3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])
    WITH ORDINALITY AS i(event_id, type, schema_version, data, metadata, ord)
  WHERE ${versionHolds}
  ORDER BY i.ord
  RETURNING global_position`;

/** A concurrency error caused by a concurrent append taking the same stream version (or event id). */
export class StreamCollision extends ConcurrencyError {}

export interface AppendDeps {
  readonly pool: pg.Pool;
  readonly autocommit: Statements;
  readonly now: () => Date;
  readonly newId: () => string;
  /** Plain appends' statements on their way at once, later ones batched behind them; 0: one statement each. */
  readonly batchInFlight?: number;
}

/** One stream's append: on `autocommit` alone, or on a transaction's client within `appendMany`. */
export const createAppendOne = ({ pool, autocommit, now, newId, batchInFlight = 0 }: AppendDeps) => {
  const rowsOf = (events: readonly NewEvent[]) => [
    events.map((e) => e.eventId ?? newId()),
    events.map((e) => e.type),
    events.map((e) => e.schemaVersion ?? 1),
    events.map((e) => JSON.stringify(e.data)),
    events.map((e) => JSON.stringify(e.metadata ?? {})),
  ];

  /**
   * The common case (an exact version, fresh ids, autocommit) as one plain INSERT: the unique keys catch a
   * race or a re-sent id, and an empty insert means the expected version was wrong. Null: not decided here —
   * the full function then gives the precise answer (no-op, mismatch with the actual version, collision).
   */
  const sendOne = async ({ streamId, expected, columns, at }: PlainAppend) => {
    try {
      if (columns[0]!.length === 1) {
        const {
          rows: [row],
        } = await autocommit.query<{ last_position: string }>({
          name: 'es-append-plain-one',
          text: plainInsertOneSql,
          values: [streamId, expected.toString(), ...columns.map((column) => column[0]), at],
        });
        return row
          ? { lastPosition: BigInt(row.last_position), nextExpectedVersion: expected + 1n, appended: 1 }
          : null;
      }
      const { rows } = await autocommit.query<{ global_position: string }>({
        name: 'es-append-plain-many',
        text: plainInsertManySql,
        values: [streamId, expected.toString(), ...columns, at],
      });
      if (rows.length === 0) return null;
      const last = rows.map((r) => BigInt(r.global_position)).reduce((max, p) => (p > max ? p : max));
      return { lastPosition: last, nextExpectedVersion: expected + BigInt(rows.length), appended: rows.length };
    } catch (error) {
      if (error instanceof pg.DatabaseError && error.code === uniqueViolation) return null;
      throw error;
    }
  };
  const tryPlainInsert = batchInFlight > 0 ? createPlainAppendBatcher(autocommit, sendOne, batchInFlight) : sendOne;

  const appendOne = async (db: Statements, append: StreamAppend): Promise<AppendResult> => {
    const { streamId, events, expected } = append;
    if (events.length === 0) throw new Error('append needs at least one event');
    const rows = rowsOf(events);
    const exact = typeof expected === 'bigint' ? expected : expected === 'no_stream' ? 0n : null;
    if (db === autocommit && exact !== null) {
      const done = await tryPlainInsert({ streamId, expected: exact, columns: rows, at: now() });
      if (done) return done;
    }
    try {
      // Named statements are parsed and planned once per connection: these run on every command.
      const {
        rows: [row],
      } = await db.query<{ last_position: string; stream_version: string; appended: number }>({
        name: 'es-append',
        text: 'SELECT * FROM es.append_events($1, $2, $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8)',
        values: [streamId, typeof expected === 'bigint' ? expected.toString() : expected, ...rows, now()],
      });
      return {
        lastPosition: BigInt(row!.last_position),
        nextExpectedVersion: BigInt(row!.stream_version),
        appended: row!.appended,
      };
    } catch (error) {
      if (error instanceof pg.DatabaseError && error.code === concurrencyErrorCode) {
        throw new ConcurrencyError(streamId, expected, BigInt(error.detail ?? '0'));
      }
      // Appends with an exact version take no lock: two of them (or one racing a locked 'any') meet here.
      if (error instanceof pg.DatabaseError && error.code === uniqueViolation) {
        throw new StreamCollision(streamId, expected, await currentVersion(streamId));
      }
      throw error;
    }
  };

  const currentVersion = async (streamId: string) =>
    BigInt(
      (
        await pool.query<{ v: string }>(
          'SELECT coalesce(max(stream_version), 0) AS v FROM es.events WHERE stream_id = $1',
          [streamId],
        )
      ).rows[0]!.v,
    );

  return appendOne;
};
