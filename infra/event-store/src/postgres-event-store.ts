import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ConcurrencyError } from './types';
import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  RecordedEvent,
  StreamAppend,
  Upcast,
} from './types';
import { WakeUp } from './wake-up';

export interface PostgresEventStoreOptions {
  readonly pool: pg.Pool;
  /** For the LISTEN connection; defaults to the pool's settings. */
  readonly connectionString?: string;
  readonly now?: () => Date;
  readonly newId?: () => string;
  readonly upcast?: Upcast;
  /**
   * Where single autocommit statements run — stream reads and appends outside `appendMany` — e.g. pipelined
   * connections shared by concurrent requests; the pool when absent.
   */
  readonly autocommit?: Statements;
}

interface Statements {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

const columns = `global_position, tx_id::text AS tx_id, stream_id, stream_version, event_id, type, schema_version,
  data, metadata, created_at`;

interface EventRow {
  global_position: string;
  tx_id: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  created_at: Date;
}

const concurrencyErrorCode = 'DM001';
const uniqueViolation = '23505';

// Version N+1… is free (unique key) and version N exists: exactly the stream at the expected version.
const plainInsertSql = `
  WITH inserted AS (
    INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
    SELECT $1, $2::bigint + i.ord, i.event_id, i.type, i.schema_version, i.data, i.metadata, $8
    FROM unnest($3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])
      WITH ORDINALITY AS i(event_id, type, schema_version, data, metadata, ord)
    WHERE $2::bigint = 0 OR EXISTS (SELECT FROM es.events e WHERE e.stream_id = $1 AND e.stream_version = $2::bigint)
    ORDER BY i.ord
    RETURNING global_position
  )
  SELECT max(global_position) AS last_position, count(*)::int AS appended FROM inserted`;

/** A concurrency error caused by a concurrent append taking the same stream version (or event id). */
class StreamCollision extends ConcurrencyError {}

export const createPostgresEventStore = (options: PostgresEventStoreOptions): EventStore => {
  const { pool } = options;
  const autocommit: Statements = options.autocommit ?? pool;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const upcast = options.upcast ?? ((event: RecordedEvent) => event);
  const wakeUp = new WakeUp(pool, options.connectionString);

  const toRecorded = (row: EventRow): RecordedEvent =>
    upcast({
      globalPosition: BigInt(row.global_position),
      txId: BigInt(row.tx_id),
      streamId: row.stream_id,
      streamVersion: BigInt(row.stream_version),
      eventId: row.event_id,
      type: row.type,
      schemaVersion: row.schema_version,
      data: row.data,
      metadata: row.metadata,
      createdAt: row.created_at,
    });

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
  const tryPlainInsert = async (append: StreamAppend, expected: bigint, rows: unknown[][]) => {
    try {
      const {
        rows: [row],
      } = await autocommit.query<{ last_position: string | null; appended: number }>({
        name: 'es-append-plain',
        text: plainInsertSql,
        values: [append.streamId, expected.toString(), ...rows, now()],
      });
      return row?.last_position
        ? {
            lastPosition: BigInt(row.last_position),
            nextExpectedVersion: expected + BigInt(row.appended),
            appended: row.appended,
          }
        : null;
    } catch (error) {
      if (error instanceof pg.DatabaseError && error.code === uniqueViolation) return null;
      throw error;
    }
  };

  /** `db`: the transaction's client within `appendMany`, else the autocommit connections. */
  const appendOne = async (db: Statements, append: StreamAppend): Promise<AppendResult> => {
    const { streamId, events, expected } = append;
    if (events.length === 0) throw new Error('append needs at least one event');
    const rows = rowsOf(events);
    const exact = typeof expected === 'bigint' ? expected : expected === 'no_stream' ? 0n : null;
    if (db === autocommit && exact !== null) {
      const done = await tryPlainInsert(append, exact, rows);
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

  return {
    async append(streamId: string, events: readonly NewEvent[], { expected }: { expected: ExpectedVersion }) {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await appendOne(autocommit, { streamId, events, expected });
          if (result.appended > 0) wakeUp.poke();
          return result;
        } catch (error) {
          // 'any' and 'exists' promise no version: losing a race to an unlocked exact append just means again.
          const unpinned = expected === 'any' || expected === 'exists';
          if (!(error instanceof StreamCollision) || !unpinned || attempt >= 5) throw error;
        }
      }
    },

    async appendMany(appends) {
      // Lock streams in a fixed order so that two multi-stream appends cannot deadlock.
      const ordered = appends.map((a, i) => ({ a, i })).sort((x, y) => (x.a.streamId < y.a.streamId ? -1 : 1));
      const client = await pool.connect();
      const results: AppendResult[] = new Array<AppendResult>(appends.length);
      try {
        await client.query('BEGIN');
        for (const { a, i } of ordered) results[i] = await appendOne(client, a);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      if (results.some((r) => r.appended > 0)) wakeUp.poke();
      return results;
    },

    async readStream(streamId, { fromVersion = 0n } = {}) {
      const { rows } = await autocommit.query<EventRow>({
        name: 'es-read-stream',
        text: `SELECT ${columns} FROM es.events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
        values: [streamId, fromVersion.toString()],
      });
      return rows.map(toRecorded);
    },

    async aggregate(streamId, evolve, initial) {
      const events = await this.readStream(streamId);
      return { state: events.reduce(evolve, initial), version: events.at(-1)?.streamVersion ?? 0n };
    },

    async readAll(after: LogPosition, limit: number) {
      // Only transactions below the oldest running one: nothing can commit later with a smaller tx id.
      // Columns are qualified: a bare ORDER BY tx_id would sort by the text alias in the select list.
      const { rows } = await pool.query<EventRow>(
        `SELECT ${columns} FROM es.events e
         WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint)
           AND e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY e.tx_id, e.global_position
         LIMIT $3`,
        [after.txId.toString(), after.position.toString(), limit],
      );
      return rows.map(toRecorded);
    },

    waitForEvents: (timeoutMs, signal) => wakeUp.wait(timeoutMs, signal),

    close: () => wakeUp.close(),
  };
};
