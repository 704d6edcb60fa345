import type pg from 'pg';
import type { Logger } from 'pino';
import { acquireAdvisoryLock, type HeldLock } from './advisory-lock';
import { sleep } from './backoff';

export interface ElectedOptions {
  readonly pool: pg.Pool;
  /** The lock (and checkpoint) name: one active runner per key across every process. */
  readonly key: string;
  readonly stopping: AbortSignal;
  readonly retryMs: number;
  readonly logger: Logger;
  /** Called while another runner holds the lock. */
  readonly onStandby: () => void;
  /** The work, for as long as this process holds the lock (it returns when the lock is lost or on stop). */
  readonly whileElected: (lock: HeldLock) => Promise<void>;
}

/** Waits for the lock, runs the work, releases, and starts over after a failure, until stopped. */
export const runWhileElected = async (options: ElectedOptions): Promise<void> => {
  const { stopping, logger } = options;
  // While the database is down every retry fails the same way: say it once, and again when it recovers.
  let unreachable = false;
  while (!stopping.aborted) {
    const lock = await acquireAdvisoryLock(options.pool, options.key, {
      signal: stopping,
      retryMs: options.retryMs,
      onBusy: options.onStandby,
      onError: (err) => {
        if (!unreachable) logger.warn({ err, retryMs: options.retryMs }, 'could not take the runner lock; retrying');
        unreachable = true;
      },
    });
    if (!lock) return;
    if (unreachable) logger.info('took the runner lock again');
    unreachable = false;
    try {
      await options.whileElected(lock);
    } catch (err) {
      logger.error({ err }, 'runner failed; restarting');
    } finally {
      await lock.release();
    }
    await sleep(options.retryMs * Math.random(), stopping);
  }
};
