import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type Upcast,
} from './types';
import { createAppendOne, StreamCollision, type Statements } from './postgres-append';
import { bulkAppend, BulkAppendUndecided, exactVersionOf } from './postgres-bulk-append';
import { eventColumns, recordedEventOf, type EventRow } from './event-rows';
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
  /**
   * Single-stream appends at exact versions on their way at once as statements; more wait and leave together as
   * one statement (decision 1553). By default one per connection of `autocommit` (a pool's size); 0: never batched.
   */
  readonly batchInFlight?: number;
}

/** From this many streams at exact versions on, `appendMany` writes them in one statement. */
const bulkFrom = 64;
const deadlockDetected = '40P01';
/** Moves of a rebased stream one append follows before it gives up (each is another writer's commit). */
const maxRebases = 50;

export const createPostgresEventStore = (options: PostgresEventStoreOptions): EventStore => {
  const { pool } = options;
  const autocommit: Statements = options.autocommit ?? pool;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const upcast = options.upcast ?? ((event: RecordedEvent) => event);
  const wakeUp = new WakeUp(pool, options.connectionString, autocommit);

  const toRecorded = (row: EventRow): RecordedEvent => upcast(recordedEventOf(row));
  const hasEventsAfter = async (after: LogPosition) => {
    const { rows } = await pool.query<{ found: boolean }>({
      name: 'es-events-after',
      text: 'SELECT EXISTS (SELECT FROM es.events e WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint)) AS found',
      values: [after.txId.toString(), after.position.toString()],
    });
    return rows[0]?.found === true;
  };
  /** After a read that returned nothing: events after its position that it did not return shorten the next waits. */
  const checkUnreadAfter = async (after: LogPosition) => wakeUp.leftUnread(await hasEventsAfter(after));

  const batchInFlight = options.batchInFlight ?? autocommit.connections ?? pool.options.max ?? 10;
  const appendOne = createAppendOne({ pool, autocommit, now, newId, batchInFlight });

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
      // Streams in a fixed order, so that two multi-stream appends cannot deadlock; rebased ones last.
      const ordered = appends
        .map((a, i) => ({ a, i }))
        .sort((x, y) =>
          Boolean(x.a.rebase) !== Boolean(y.a.rebase) ? (x.a.rebase ? 1 : -1) : x.a.streamId < y.a.streamId ? -1 : 1,
        );
      const rebased = ordered.filter(({ a }) => a.rebase);
      const exact = ordered.filter(({ a }) => !a.rebase && exactVersionOf(a) !== null);
      const unpinned = ordered.filter(({ a }) => !a.rebase && exactVersionOf(a) === null);
      /** Each under a savepoint: moved meanwhile, it is decided again at its new version (`StreamAppend.rebase`). */
      const appendRebased = async (client: pg.PoolClient, done: AppendResult[]) => {
        for (const { a, i } of rebased) {
          for (let append = a, moves = 0; ; moves++) {
            await client.query('SAVEPOINT rebase');
            try {
              done[i] = await appendOne(client, append);
              await client.query('RELEASE SAVEPOINT rebase');
              break;
            } catch (error) {
              if (!(error instanceof ConcurrencyError) || moves >= maxRebases) throw error;
              await client.query('ROLLBACK TO SAVEPOINT rebase');
              const events = a.rebase!(error.actual);
              if (!events) throw error;
              append = { ...a, events, expected: error.actual };
            }
          }
        }
      };
      const oneByOne = () =>
        inTransaction(pool, async (client) => {
          const done: AppendResult[] = new Array<AppendResult>(appends.length);
          for (const { a, i } of [...exact, ...unpinned].sort((x, y) => (x.a.streamId < y.a.streamId ? -1 : 1)))
            done[i] = await appendOne(client, a);
          await appendRebased(client, done);
          return done;
        });
      // The pinned streams in one statement first; an unpinned one ('any', 'exists') and a rebased one after them, so
      // their streams' locks are held only to the commit: adds of codes to one discount (5,000 ledger streams each)
      // write their ledgers side by side, and the push reactor's appends to its codes stream wait for no ledger.
      const inBulk = async () =>
        inTransaction(pool, async (client) => {
          const done: AppendResult[] = new Array<AppendResult>(appends.length);
          const results = await bulkAppend(
            client,
            exact.map(({ a }) => a),
            { now, newId },
          );
          exact.forEach(({ i }, k) => (done[i] = results[k]!));
          for (const { a, i } of unpinned) done[i] = await appendOne(client, a);
          await appendRebased(client, done);
          return done;
        });
      const attempt = async (): Promise<AppendResult[]> => {
        try {
          return exact.length >= bulkFrom ? await inBulk() : await oneByOne();
        } catch (error) {
          // A re-sent append or a version the stream never had: the per-stream path answers precisely.
          if (!(error instanceof BulkAppendUndecided)) throw error;
          return await oneByOne();
        }
      };
      let results: AppendResult[];
      for (let tries = 1; ; tries++) {
        try {
          results = await attempt();
          break;
        } catch (error) {
          // The bulk path takes its exact streams before the unpinned ones, so against a one-by-one append it can
          // meet keys in the other order. PostgreSQL breaks such a deadlock by aborting one whole transaction,
          // which is safe to run again.
          if (!(error instanceof pg.DatabaseError && error.code === deadlockDetected) || tries >= 3) throw error;
        }
      }
      if (results.some((r) => r.appended > 0)) wakeUp.poke();
      return results;
    },

    async readLastEvents(streamIds) {
      const { rows } = await pool.query<EventRow>(
        `SELECT DISTINCT ON (stream_id) ${eventColumns} FROM es.events
         WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version DESC`,
        [[...new Set(streamIds)]],
      );
      return new Map(rows.map((row) => [row.stream_id, toRecorded(row)]));
    },

    async readStream(streamId, { fromVersion = 0n } = {}) {
      const { rows } = await autocommit.query<EventRow>({
        name: 'es-read-stream',
        text: `SELECT ${eventColumns} FROM es.events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
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
        `SELECT ${eventColumns} FROM es.events e
         WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint)
           AND e.tx_id < (SELECT es.read_horizon())
         ORDER BY e.tx_id, e.global_position
         LIMIT $3`,
        [after.txId.toString(), after.position.toString(), limit],
      );
      if (rows.length === 0) await checkUnreadAfter(after);
      return rows.map(toRecorded);
    },

    hasEventsAfter,

    async readAllOfTypes(after: LogPosition, scan: number, types: readonly string[]) {
      // The scan and the filter stay in the server: only the events asked for cross the wire and get parsed.
      const { rows } = await pool.query<Partial<EventRow> & { read_tx: string; read_position: string }>(
        `WITH scanned AS MATERIALIZED (
           SELECT e.tx_id, e.global_position, e.type FROM es.events e
           WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint)
             AND e.tx_id < (SELECT es.read_horizon())
           ORDER BY e.tx_id, e.global_position
           LIMIT $3),
         last AS (SELECT tx_id, global_position FROM scanned ORDER BY tx_id DESC, global_position DESC LIMIT 1)
         SELECT l.tx_id::text AS read_tx, l.global_position::text AS read_position, found.*
         FROM last l LEFT JOIN LATERAL (
           SELECT ${eventColumns} FROM es.events
           WHERE global_position IN (SELECT global_position FROM scanned WHERE type = ANY($4::text[]))
         ) found ON true`,
        [after.txId.toString(), after.position.toString(), scan, types],
      );
      const last = rows[0];
      if (!last) {
        await checkUnreadAfter(after);
        return { events: [], readTo: null };
      }
      const events = rows
        .filter((row) => row.global_position != null)
        .map((row) => toRecorded(row as EventRow))
        .sort((a, b) => (a.txId === b.txId ? Number(a.globalPosition - b.globalPosition) : a.txId < b.txId ? -1 : 1));
      return { events, readTo: { txId: BigInt(last.read_tx), position: BigInt(last.read_position) } };
    },

    waitForEvents: (timeoutMs, signal) => wakeUp.wait(timeoutMs, signal),

    close: () => wakeUp.close(),
  };
};
