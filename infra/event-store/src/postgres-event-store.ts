import { randomUUID } from 'node:crypto';
import type pg from 'pg';
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
import { createAppendOne, StreamCollision, type Statements } from './postgres-append';
import { exactVersionOf, tryBatchAppend } from './postgres-append-batch';
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

/** Consecutive appends at exact versions to distinct streams form one run; every other append is a run alone. */
const exactRuns = <T extends { a: StreamAppend }>(ordered: readonly T[]): T[][] => {
  const runs: T[][] = [];
  for (const item of ordered) {
    const last = runs.at(-1);
    const batchable = exactVersionOf(item.a) !== null;
    if (last && batchable && exactVersionOf(last[0]!.a) !== null && last.at(-1)!.a.streamId !== item.a.streamId) {
      last.push(item);
    } else runs.push([item]);
  }
  return runs;
};

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
      const results = await inTransaction(pool, async (client) => {
        const done: AppendResult[] = new Array<AppendResult>(appends.length);
        // Runs of streams at exact versions (the code ledger's thousands) go in one statement each, in the same
        // stream order; the rest, and any run the batch cannot decide, stream by stream.
        for (const run of exactRuns(ordered)) {
          const batched =
            run.length > 1
              ? await tryBatchAppend(
                  client,
                  run.map((r) => r.a),
                  now(),
                  newId,
                )
              : null;
          if (batched) run.forEach(({ i }, k) => (done[i] = batched[k]!));
          else for (const { a, i } of run) done[i] = await appendOne(client, a);
        }
        return done;
      });
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

    async readStreams(streamIds) {
      const found = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
      if (streamIds.length === 0) return found;
      const { rows } = await autocommit.query<EventRow>({
        name: 'es-read-streams',
        text: `SELECT ${columns} FROM es.events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`,
        values: [[...new Set(streamIds)]],
      });
      for (const row of rows) found.get(row.stream_id)!.push(toRecorded(row));
      return found;
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
