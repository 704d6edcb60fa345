import type { EventStore, LogPosition } from '@dm/event-store';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { HeldLock } from './advisory-lock';
import { applyBatch, ProjectionHandlerError } from './apply-batch';
import { exponentialBackoff, sleep, type Backoff } from './backoff';
import { CheckpointMovedError, ensureCheckpoint, projectionCheckpointName, readCheckpoint } from './checkpoints';
import type { Projection } from './define-projection';
import { resetProjection } from './rebuild';
import { runWhileElected } from './elected';
import { headOfLog, IdleTracker } from './idle-tracker';

export interface RunnerTuning {
  readonly batchSize?: number;
  /** Fallback poll when no notification arrives. */
  readonly pollMs?: number;
  /** Delay before retry n of a failing batch. */
  readonly backoff?: Backoff;
  /** How often a standby runner tries to take the lock. */
  readonly lockRetryMs?: number;
}

export interface ProjectionRunnerOptions extends RunnerTuning {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  readonly projection: Projection;
  readonly logger: Logger;
}

export interface Runner {
  readonly name: string;
  /**
   * Resolves once every event committed before this call is handled: by this runner, or by the one that holds the
   * lock while this one stands by. At once when stopped, or standing by for good behind a newer version.
   */
  waitForIdle(): Promise<void>;
  stop(): Promise<void>;
}

export const defaultTuning = {
  batchSize: 500,
  pollMs: 500,
  backoff: exponentialBackoff({ initialMs: 100, maxMs: 30_000 }),
  lockRetryMs: 2_000,
} satisfies Required<RunnerTuning>;

/**
 * Runs one projection: elect via advisory lock, rebuild on a version bump, then apply batches from the log,
 * each with its checkpoint in one transaction. A failing batch is retried with back-off and never skipped.
 */
export const startProjectionRunner = (options: ProjectionRunnerOptions): Runner => {
  const { pool, eventStore, projection } = options;
  const tuning = { ...defaultTuning, ...options };
  const key = projectionCheckpointName(projection.name);
  const logger = options.logger.child({ projection: projection.name, version: projection.version });
  const stopping = new AbortController();
  const idle = new IdleTracker(() => headOfLog(pool));

  /** Where to start; undefined when a newer version owns the checkpoint (this older runner must not touch it). */
  const prepare = async (): Promise<LogPosition | undefined> => {
    const stored = await ensureCheckpoint(pool, key, projection.version);
    if (stored.version === projection.version) return stored.at;
    if (stored.version > projection.version) {
      logger.warn({ storedVersion: stored.version }, 'a newer version of this projection is deployed; standing by');
      return undefined;
    }
    logger.info({ storedVersion: stored.version }, 'version changed: rebuilding from the start of the log');
    await resetProjection(pool, projection);
    return (await ensureCheckpoint(pool, key, projection.version)).at;
  };

  const follow = async (lock: HeldLock, start: LogPosition) => {
    const signal = AbortSignal.any([stopping.signal, lock.lost]);
    const readFrom = (from: LogPosition) => {
      const read = { events: eventStore.readAll(from, tuning.batchSize) };
      read.events.catch(() => undefined); // awaited below, or dropped with the batch that failed
      return read;
    };
    let at = start;
    idle.advancedTo(at);
    let failures = 0;
    let ahead: ReturnType<typeof readFrom> | undefined;
    while (!signal.aborted) {
      const read = ahead ?? readFrom(at);
      ahead = undefined;
      try {
        const events = await read.events;
        const last = events.at(-1);
        if (!last) {
          await eventStore.waitForEvents(tuning.pollMs, signal);
          continue;
        }
        // Catching up: the next batch is read while this one is applied. Below the visibility horizon the log
        // never changes, so reading ahead is safe; it is thrown away if this batch fails.
        if (events.length === tuning.batchSize) ahead = readFrom({ txId: last.txId, position: last.globalPosition });
        ({ at } = await applyBatch(pool, projection, at, events));
        idle.advancedTo(at);
        if (failures > 0) logger.info({ failures }, 'recovered');
        failures = 0;
      } catch (error) {
        ahead = undefined;
        if (error instanceof CheckpointMovedError) {
          logger.warn('checkpoint moved by another runner; releasing');
          return;
        }
        failures += 1;
        const delayMs = tuning.backoff(failures);
        const failed =
          error instanceof ProjectionHandlerError
            ? { position: error.event.globalPosition, type: error.event.type }
            : {};
        logger.error({ err: error, ...failed, failures, delayMs }, 'batch failed; rolled back, retrying');
        await sleep(delayMs, signal);
      }
    }
  };

  const run = () =>
    runWhileElected({
      pool,
      key,
      stopping: stopping.signal,
      retryMs: tuning.lockRetryMs,
      logger,
      onStandby: () =>
        void idle.standingBy(async () => {
          const stored = await readCheckpoint(pool, key);
          return stored?.version === projection.version ? stored.at : undefined;
        }),
      whileElected: async (lock) => {
        logger.info('active');
        const start = await prepare();
        if (start) await follow(lock, start);
        else idle.release();
      },
    });

  const running = run();
  return {
    name: key,
    waitForIdle: () => idle.wait(),
    stop: async () => {
      stopping.abort();
      await running;
      idle.release();
    },
  };
};
