import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AppendResult, EventStore, ExpectedVersion, LogPosition, NewEvent, RecordedEvent, Upcast } from './types';
import { createAppendOne, StreamCollision, type Statements } from './postgres-append';
import { bulkAppend, BulkAppendUndecided, exactVersionOf } from './postgres-bulk-append';
import { inTransaction } from './transaction';
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

/** From this many streams at exact versions on, `appendMany` writes them in one statement. */
const bulkFrom = 64;

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

  const appendOne = createAppendOne({ pool, autocommit, now, newId });

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
      const oneByOne = () =>
        inTransaction(pool, async (client) => {
          const done: AppendResult[] = new Array<AppendResult>(appends.length);
          for (const { a, i } of ordered) done[i] = await appendOne(client, a);
          return done;
        });
      const exact = ordered.filter(({ a }) => exactVersionOf(a) !== null);
      const inBulk = async () =>
        inTransaction(pool, async (client) => {
          const done: AppendResult[] = new Array<AppendResult>(appends.length);
          for (const { a, i } of ordered) if (exactVersionOf(a) === null) done[i] = await appendOne(client, a);
          const results = await bulkAppend(
            client,
            exact.map(({ a }) => a),
            { now, newId },
          );
          exact.forEach(({ i }, k) => (done[i] = results[k]!));
          return done;
        });
      let results: AppendResult[];
      try {
        results = exact.length >= bulkFrom ? await inBulk() : await oneByOne();
      } catch (error) {
        // A re-sent append or a version the stream never had: the per-stream path answers precisely.
        if (!(error instanceof BulkAppendUndecided)) throw error;
        results = await oneByOne();
      }
      if (results.some((r) => r.appended > 0)) wakeUp.poke();
      return results;
    },

    async readLastEvents(streamIds) {
      const { rows } = await pool.query<EventRow>(
        `SELECT DISTINCT ON (stream_id) ${columns} FROM es.events
         WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version DESC`,
        [[...new Set(streamIds)]],
      );
      return new Map(rows.map((row) => [row.stream_id, toRecorded(row)]));
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
