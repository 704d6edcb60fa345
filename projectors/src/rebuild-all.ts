import type { EventStore, LogPosition } from '@dm/event-store';
import { logStart } from '@dm/event-store';
import type pg from 'pg';
import type { Logger } from 'pino';
import { tryAdvisoryLock } from './advisory-lock';
import { applyBatch } from './apply-batch';
import { projectionCheckpointName } from './checkpoints';
import type { Projection } from './define-projection';
import { resetProjection } from './rebuild';

export interface RebuildResult {
  readonly name: string;
  readonly version: number;
  readonly events: number;
  readonly handled: number;
  readonly ms: number;
}

/**
 * Rebuilds every projection from the start of the log: truncate + reset checkpoint in one transaction, then
 * replay to the end. Refuses (before touching anything of that projection) while a runner holds its lock.
 */
export const rebuildAll = async (options: {
  pool: pg.Pool;
  eventStore: EventStore;
  projections: readonly Projection[];
  logger: Logger;
  batchSize?: number;
}): Promise<RebuildResult[]> => {
  const { pool, eventStore, logger } = options;
  const results: RebuildResult[] = [];
  for (const projection of options.projections) {
    const lock = await tryAdvisoryLock(pool, projectionCheckpointName(projection.name));
    if (!lock) throw new Error(`Projection ${projection.name} is running elsewhere: stop the projectors first`);
    try {
      const started = performance.now();
      await resetProjection(pool, projection);
      let at: LogPosition = logStart;
      let events = 0;
      let handled = 0;
      for (;;) {
        const batch = await eventStore.readAll(at, options.batchSize ?? 1000);
        if (batch.length === 0) {
          // The end of the log, unless an older transaction still hides what follows from readers (decision 1563).
          if (!(await eventStore.hasEventsAfter(at))) break;
          await eventStore.waitForEvents(250);
          continue;
        }
        const applied = await applyBatch(pool, projection, at, batch);
        ({ at } = applied);
        events += batch.length;
        handled += applied.handled;
      }
      const result = {
        name: projection.name,
        version: projection.version,
        events,
        handled,
        ms: performance.now() - started,
      };
      logger.info(result, 'rebuilt');
      results.push(result);
    } finally {
      await lock.release();
    }
  }
  return results;
};
