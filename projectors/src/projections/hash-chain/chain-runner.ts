import { inTransaction, type EventStore } from '@dm/event-store';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { HeldLock } from '../../advisory-lock';
import { exponentialBackoff, sleep } from '../../backoff';
import { runWhileElected } from '../../elected';
import { headOfLog, IdleTracker } from '../../idle-tracker';
import type { Runner } from '../../projection-runner';
import { chainedEvent, eventColumns, queryLogged, type LoggedEvent } from './canonical-event';
import { chainHash, genesisHash, type ChainedEvent } from './chain-hash';

export const hashChainRunnerName = 'hash-chain';

interface Head {
  readonly seq: bigint;
  readonly txId: string;
  readonly position: string;
  readonly hash: Buffer;
}

const readHead = async (db: pg.Pool | pg.PoolClient): Promise<Head> => {
  const { rows } = await db.query<{ seq: string; tx_id: string; global_position: string; hash: Buffer }>(
    'SELECT c.seq::text, c.tx_id::text, c.global_position::text, c.hash FROM es.event_chain c ORDER BY c.seq DESC LIMIT 1',
  );
  const row = rows[0];
  return row
    ? { seq: BigInt(row.seq), txId: row.tx_id, position: row.global_position, hash: row.hash }
    : { seq: 0n, txId: '0', position: '0', hash: genesisHash };
};

/** Events after `after` in the log's order, only from transactions nothing can overtake any more. */
export const readChainBatch = async (
  db: pg.Pool | pg.PoolClient,
  after: { txId: string; position: string },
  limit: number,
): Promise<ChainedEvent[]> =>
  (
    await queryLogged<LoggedEvent>(
      db,
      `SELECT ${eventColumns} FROM es.events e
       WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint)
         AND e.tx_id < (SELECT es.read_horizon())
       ORDER BY e.tx_id, e.global_position
       LIMIT $3`,
      [after.txId, after.position, limit],
    )
  ).map(chainedEvent);

/** Hashes the batch onto `head` and stores it; the primary key on `seq` refuses a fork (a second runner). */
const extend = async (pool: pg.Pool, head: Head, events: readonly ChainedEvent[]): Promise<Head> => {
  let hash = head.hash;
  const hashes = events.map((event) => (hash = chainHash(hash, event)).toString('hex'));
  await inTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO es.event_chain (seq, tx_id, global_position, hash)
       SELECT $1::bigint + i.n, i.tx_id, i.position, decode(i.hash, 'hex')
       FROM unnest($2::xid8[], $3::bigint[], $4::text[]) WITH ORDINALITY AS i(tx_id, position, hash, n)`,
      [head.seq.toString(), events.map((e) => e.txId), events.map((e) => e.position), hashes],
    );
  });
  const last = events.at(-1)!;
  return { seq: head.seq + BigInt(events.length), txId: last.txId, position: last.position, hash };
};

/**
 * Keeps `es.event_chain` up with the log (decision 1200): like a projection, one elected runner, batches, a
 * retry with back-off on failure, the chain's last row as its checkpoint. Appends never wait for it.
 */
export const startHashChainRunner = (options: {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  readonly logger: Logger;
  readonly batchSize?: number;
  readonly pollMs?: number;
  readonly lockRetryMs?: number;
}): Runner => {
  const { pool, eventStore } = options;
  const batchSize = options.batchSize ?? 2000;
  const logger = options.logger.child({ runner: hashChainRunnerName });
  const stopping = new AbortController();
  const idle = new IdleTracker(() => headOfLog(pool));
  const positionOf = (head: Head) => ({ txId: BigInt(head.txId), position: BigInt(head.position) });
  const backoff = exponentialBackoff({ initialMs: 100, maxMs: 30_000 });

  const follow = async (lock: HeldLock) => {
    const signal = AbortSignal.any([stopping.signal, lock.lost]);
    let head = await readHead(pool);
    idle.advancedTo(positionOf(head));
    let failures = 0;
    while (!signal.aborted) {
      try {
        const events = await readChainBatch(pool, head, batchSize);
        if (events.length === 0) {
          await eventStore.waitForEvents(options.pollMs ?? 500, signal);
          continue;
        }
        head = await extend(pool, head, events);
        idle.advancedTo(positionOf(head));
        failures = 0;
      } catch (error) {
        failures += 1;
        const delayMs = backoff(failures);
        logger.error({ err: error, failures, delayMs }, 'chain batch failed; retrying');
        await sleep(delayMs, signal);
        head = await readHead(pool).catch(() => head);
      }
    }
  };

  const running = runWhileElected({
    pool,
    key: hashChainRunnerName,
    stopping: stopping.signal,
    retryMs: options.lockRetryMs ?? 2_000,
    logger,
    onStandby: () => void idle.standingBy(async () => positionOf(await readHead(pool))),
    whileElected: follow,
  });
  return {
    name: hashChainRunnerName,
    waitForIdle: () => idle.wait(),
    stop: async () => {
      stopping.abort();
      await running;
      idle.release();
    },
  };
};
