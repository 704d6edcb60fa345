import { randomUUID } from 'node:crypto';
import { ConcurrencyError, type EventStore } from '@dm/event-store';
import { codeSyncStream } from '@dm/events';
import type pg from 'pg';
import type { Logger } from 'pino';
import { sleep } from '../../backoff';
import { runWhileElected } from '../../elected';

/**
 * On the one process that holds the schedule's advisory lock (any number of projector processes may run; another
 * takes the lock within `lockRetryMs` when the holder dies), every `intervalMs`, asks for a usage pass of each store that has a completed sync, is not syncing, and holds
 * ACTIVE discounts with a usage limit (the spec's 'Actively monitored for usage limits'). The request is appended
 * at the stream's current version, so a sync someone triggered meanwhile wins and this round skips the store.
 */
export const startCodeUsageRefresh = (options: {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  readonly intervalMs: number;
  readonly logger: Logger;
  readonly now?: () => Date;
  readonly lockRetryMs?: number;
}): { stop(): Promise<void> } => {
  const { pool, eventStore, logger, now = () => new Date() } = options;
  const round = async () => {
    const { rows } = await pool.query<{ store_id: number; brand_id: number; url_slug: string }>(
      `SELECT c.store_id, s.brand_id, s.url_slug FROM rm.code_sync_status c JOIN rm.stores s ON s.id = c.store_id
       WHERE c.has_full_sync AND c.status <> 'syncing' AND s.is_active AND EXISTS (
         SELECT 1 FROM rm.synced_code_discounts d WHERE d.store_id = c.store_id AND d.usage_limit IS NOT NULL
           AND (d.starts_at IS NULL OR d.starts_at <= now()) AND (d.ends_at IS NULL OR d.ends_at > now()))`,
    );
    for (const store of rows) {
      const stream = codeSyncStream(store.store_id);
      const version = BigInt((await eventStore.readStream(stream)).length);
      const data = {
        syncId: randomUUID(),
        storeId: store.store_id,
        brandId: store.brand_id,
        storeSlug: store.url_slug,
        kind: 'usage',
        updatedSince: null,
        requestedAt: now().toISOString(),
      };
      const metadata = { actorId: 'scheduler:code-usage', actorEmail: null, brandId: store.brand_id };
      try {
        await eventStore.append(stream, [{ type: 'CodeSyncRequested', data, metadata }], {
          expected: version === 0n ? 'no_stream' : version,
        });
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
      }
    }
  };
  const stopping = new AbortController();
  const running = runWhileElected({
    pool,
    key: 'code-usage-refresh',
    stopping: stopping.signal,
    retryMs: options.lockRetryMs ?? 1000,
    logger,
    onStandby: () => {},
    whileElected: async (lock) => {
      const signal = AbortSignal.any([stopping.signal, lock.lost]);
      for (;;) {
        await sleep(options.intervalMs, signal);
        if (signal.aborted) return;
        await round().catch((err: unknown) => logger.warn({ err }, 'code usage refresh round failed'));
      }
    },
  });
  return {
    stop: async () => {
      stopping.abort();
      await running;
    },
  };
};
