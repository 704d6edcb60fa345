import type { EventStore } from '@dm/event-store';
import { codeSyncStream, parseDomainEvent, type CodeSyncEvent } from '@dm/events';
import { ShopifyAdapterError, type ShopifyAdapter } from '@dm/shopify';
import type pg from 'pg';
import { defineReactor, RetryableEffectError, type Effect } from '../../define-reactor';
import { deterministicId } from '../../deterministic-id';
import { recordDrift } from './drift-record';
import { runFullSync } from './full-sync';
import { runIncrementalSync } from './incremental-sync';
import { runUsageSync } from './usage-sync';
import type { SyncContext, SyncOutcome, SyncRequest } from './sync-context';

export interface CodeSyncReactorOptions {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  readonly pool: pg.Pool;
  readonly now?: () => Date;
  /** Between polls of a bulk operation (default 1 s). */
  readonly pollMs?: number;
  /**
   * JSONL lines per COPY batch and resume point (default 10,000): a batch's transaction holds back the log's read
   * horizon for every other reader until it commits (decision 1456).
   */
  readonly batchLines?: number;
  /** Codes a 3-gram must be in to be frequent for the search grams (default 5,000; decision 0950). */
  readonly gramThreshold?: number;
  /** Stores syncing at once (default 3; decision 1331): each store's syncs still run one after the other. */
  readonly concurrentStores?: number;
}

type Payload = Pick<SyncRequest, 'syncId' | 'storeId' | 'brandId' | 'storeSlug' | 'kind'>;
type Result = SyncOutcome & { readonly startedAt: string };

/** The request and the first start of this sync, read from the store's stream (a resume has neither in hand). */
const historyOf = async (eventStore: EventStore, payload: Payload) => {
  let updatedSince: string | null = null;
  let startedAt: string | null = null;
  for (const recorded of await eventStore.readStream(codeSyncStream(payload.storeId))) {
    const event = parseDomainEvent(recorded) as CodeSyncEvent;
    if (event.data.syncId !== payload.syncId) continue;
    if (event.type === 'CodeSyncRequested') updatedSince = event.data.updatedSince;
    if (event.type === 'CodeSyncStarted') startedAt ??= event.data.startedAt;
  }
  return { updatedSince, startedAt };
};

/**
 * CodeSyncRequested (or the resume of a stalled sync, the same effect key) → the sync against the store → one
 * outcome on the store's sync stream. Progress is recorded per batch. Retryable adapter failures (throttling,
 * 5xx, a cut download) are retried as a whole, each retry resuming from the last committed batch.
 */
export const codeSyncReactor = (options: CodeSyncReactorOptions) => {
  const { shopify, eventStore, pool, now = () => new Date() } = options;
  return defineReactor<Payload, Result>({
    name: 'code-sync',
    eventTypes: ['CodeSyncRequested', 'CodeSyncResumeRequested'],
    // A store's syncs in log order, different stores side by side: a million-code store delays no other.
    laneOf: (effect) => `store:${effect.payload.storeId}`,
    storeOf: (effect) => effect.payload.storeId,
    concurrency: options.concurrentStores ?? 3,
    effectsOf: (recorded) => {
      if (recorded.type !== 'CodeSyncRequested' && recorded.type !== 'CodeSyncResumeRequested') return [];
      const event = parseDomainEvent(recorded);
      if (event.type !== 'CodeSyncRequested' && event.type !== 'CodeSyncResumeRequested') return [];
      const { syncId, storeId, brandId, storeSlug, kind } = event.data;
      return [
        {
          key: `code-sync:${syncId}`,
          streamId: codeSyncStream(storeId),
          payload: { syncId, storeId, brandId, storeSlug, kind },
        },
      ];
    },
    perform: async (effect: Effect<Payload>, signal) => {
      const { payload } = effect;
      const found = shopify.store(payload.storeSlug);
      if (!found.ok) throw found.error;
      const history = await historyOf(eventStore, payload);
      const metadata = {
        actorId: 'reactor:code-sync',
        actorEmail: null,
        brandId: payload.brandId,
        correlationId: payload.syncId,
        causationId: null,
        commandId: effect.key,
      };
      const ctx: SyncContext = {
        pool,
        signal,
        pollMs: options.pollMs ?? 1000,
        batchLines: options.batchLines ?? 10_000,
        gramThreshold: options.gramThreshold ?? 5000,
        progress: async (p) => {
          await eventStore.append(
            effect.streamId,
            [
              {
                type: 'CodeSyncProgressed',
                data: { syncId: payload.syncId, storeId: payload.storeId, ...p, at: now().toISOString() },
                eventId: deterministicId(`code-sync|${payload.syncId}|${p.bulkOperationId}|${p.linesDone}`),
                metadata,
              },
            ],
            { expected: 'any' },
          );
        },
      };
      const request: SyncRequest = { ...payload, updatedSince: history.updatedSince };
      try {
        const run = { full: runFullSync, incremental: runIncrementalSync, usage: runUsageSync }[payload.kind];
        const outcome = await run(ctx, found.store, request);
        const startedAt = history.startedAt ?? now().toISOString();
        // Drift is recorded before the outcome, so a completed sync always has its findings (decision 0930).
        if (payload.kind !== 'usage')
          await recordDrift({ eventStore, pool, now }, { syncId: payload.syncId, storeId: payload.storeId, startedAt });
        return { ...outcome, startedAt };
      } catch (error) {
        if (error instanceof ShopifyAdapterError && error.retryable)
          throw new RetryableEffectError(error.message, { cause: error });
        throw error;
      }
    },
    events: {
      started: (effect) => ({
        type: 'CodeSyncStarted',
        data: {
          syncId: effect.payload.syncId,
          storeId: effect.payload.storeId,
          kind: effect.payload.kind,
          startedAt: now().toISOString(),
        },
      }),
      succeeded: (effect, result) => ({
        type: 'CodeSyncCompleted',
        data: {
          syncId: effect.payload.syncId,
          storeId: effect.payload.storeId,
          kind: effect.payload.kind,
          totalCodes: result.totalCodes,
          totalDiscounts: result.totalDiscounts,
          discountsChanged: result.changed,
          discountsRemoved: result.removed,
          startedAt: result.startedAt,
          completedAt: now().toISOString(),
        },
      }),
      failed: (effect, reason) => ({
        type: 'CodeSyncFailed',
        data: { syncId: effect.payload.syncId, storeId: effect.payload.storeId, reason, failedAt: now().toISOString() },
      }),
    },
  });
};
