import type { EventStore } from '@dm/event-store';
import { discountCodesStream, discountStream, foldCode } from '@dm/events';
import { ShopifyAdapterError, ShopifyNoAnswerError, type ShopifyAdapter, type ShopifyStore } from '@dm/shopify';
import type pg from 'pg';
import { defineReactor, RetryableEffectError, type Effect, type EffectEvent } from '../../define-reactor';
import { discountHistory } from '../discount-deployment/history';
import { targetStore } from '../discount-deployment/store-catalog';
import { foldDeletions, pushesOfAddition, pushesOfDeployment, type PushChunk } from './plan';
import {
  chunkIdOf,
  pushResultOf,
  recoverChunk,
  runSince,
  withOwnCodesLive,
  type NotedRuns,
  type PushResult,
} from './recovery';
import { sharedReads } from './shared-reads';

export interface DiscountCodesPushReactorOptions {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  /** Store slugs (`rm.stores`). */
  readonly db: pg.Pool;
  readonly now?: () => Date;
  /**
   * Chunks pushed at once, across stores. A chunk in flight mostly waits (in its store's queue for the next bulk
   * mutation run, or on the run and its bulk creation), and chunks queued together share one run (decision 1530):
   * so many at once, or the next chunks start only as a whole wave of runs has ended and ride in small runs.
   */
  readonly concurrency?: number;
}

/** What only a person can fix: recorded with `retryable: false`, never retried. */
class PushProblem extends Error {}

const name = 'discount-codes-push';

/**
 * Pushes a discount's codes to each store it is live in (docs/decisions/1103-pushing-codes.md): one effect per
 * (store, chunk of ≤ 250), recorded `DiscountCodesPushStarted` before the bulk add, then `DiscountCodesPushed` with
 * each code's outcome (live, or refused — `conflict` when the store already holds it from outside our ledger), or
 * `DiscountCodesPushFailed`. A store's chunks go out together as lines of one bulk mutation run, named after its
 * chunks and noted on each (`DiscountCodesPushBatched`) before it is sent, so a chunk Started but without an outcome
 * (the process died mid-call, or the answer was lost) is found in Shopify's list of bulk operations and waited on
 * before anything is submitted again: no (store, chunk) is submitted twice (decisions 1420, 1530). Stores run in parallel,
 * each with a few chunks in flight (decision 1162).
 */
export const discountCodesPushReactor = ({
  shopify,
  eventStore,
  db,
  now = () => new Date(),
  concurrency = 512,
}: DiscountCodesPushReactorOptions) => {
  // Deleted codes per discount, folded as the codes stream grows: a chunk reads only the events since the last read
  // (a discount's stream holds every code it was ever given), and a chunk joins a read already under way instead of
  // parsing the same events again. The most recently used discounts only.
  type Deletions = { readonly version: bigint; readonly deleted: ReadonlySet<string> };
  const deletions = new Map<string, { known: Deletions; reading?: Promise<Deletions> }>();
  const deletedNow = async (discountId: string) => {
    const entry = deletions.get(discountId) ?? { known: { version: 0n, deleted: new Set<string>() } };
    deletions.delete(discountId);
    deletions.set(discountId, entry);
    if (deletions.size > 100) deletions.delete(deletions.keys().next().value!);
    entry.reading ??= (async () => {
      try {
        const { known } = entry;
        const fresh = await eventStore.readStream(discountCodesStream(discountId), { fromVersion: known.version });
        entry.known = {
          version: fresh.at(-1)?.streamVersion ?? known.version,
          deleted: foldDeletions(known.deleted, fresh),
        };
        return entry.known;
      } finally {
        delete entry.reading;
      }
    })();
    return (await entry.reading).deleted;
  };

  const readDiscount = sharedReads((discountId: string) => eventStore.readStream(discountStream(discountId)));
  const readStore = sharedReads((storeId: number) => targetStore(db, storeId));
  const openStore = async (chunk: PushChunk) => {
    const history = discountHistory(await readDiscount(chunk.discountId));
    const live = history?.deployedIn(chunk.storeId);
    if (!live) throw new PushProblem('The discount is not deployed in this store.');
    const store = await readStore(chunk.storeId);
    if (!store) throw new PushProblem(`Store ${chunk.storeId} does not exist.`);
    const found = shopify.store(store.slug);
    if (!found.ok) throw found.error;
    return { shopifyDiscountId: live.shopifyDiscountId, store: found.store };
  };

  // Chunks Shopify took in this process, by effect key: a retry (say, polling failed) waits for that run. The runs
  // each chunk was noted in here, and when a submission got no answer: the retry looks for those runs in Shopify's
  // list before the chunk goes out again.
  type Run = { readonly runId: string; readonly line: number; creation?: { creationId: string; codes: string[] } };
  const submitted = new Map<string, Run>();
  const notedRuns = new Map<string, Map<string, number>>();
  const unanswered = new Map<string, number>();
  const forget = (key: string) => {
    submitted.delete(key);
    notedRuns.delete(key);
    unanswered.delete(key);
  };
  // When this process last sent each chunk: a listing of Shopify's runs begun after that shows the run, if it was
  // made. A chunk this process never sent was sent, if at all, by another process before this one came to hold its
  // work (`heldSince`): not before this process started, since partitions move between live workers (decision 1544).
  const sentUntil = new Map<string, number>();
  const findRun = async (key: string, store: ShopifyStore, since: number | null, runs: NotedRuns, heldSince = 0) => {
    const found = await store.findCodesRun(
      [...runs.keys()],
      runSince(since),
      Math.max(sentUntil.get(key) ?? 0, heldSince),
    );
    return found ? { runId: found.runId, line: runs.get(found.tag)! } : null;
  };
  const runOf = async (
    key: string,
    payload: PushChunk,
    target: { shopifyDiscountId: string; store: ShopifyStore },
    signal: AbortSignal,
    note: (body: EffectEvent, name?: string) => Promise<void>,
  ): Promise<Run | null> => {
    const known = submitted.get(key);
    if (known) return known;
    const lostAt = unanswered.get(key);
    if (lostAt !== undefined) {
      const found = await findRun(key, target.store, lostAt, notedRuns.get(key) ?? new Map());
      unanswered.delete(key);
      if (found) {
        submitted.set(key, found);
        return found;
      }
    }
    const deleted = await deletedNow(payload.discountId);
    const codes = payload.codes.filter((code) => !deleted.has(foldCode(code)));
    if (codes.length === 0) return null;
    try {
      const queued = await target.store.queueCodes(
        { id: chunkIdOf(payload), discountId: target.shopifyDiscountId, codes },
        {
          signal,
          batched: async ({ tag, line }) => {
            notedRuns.set(key, (notedRuns.get(key) ?? new Map<string, number>()).set(tag, line));
            await note(
              {
                type: 'DiscountCodesPushBatched',
                data: { ...chunkOf(payload), runName: tag, line, batchedAt: now().toISOString() },
              },
              tag,
            );
          },
        },
      );
      submitted.set(key, { runId: queued.runId, line: queued.line });
    } finally {
      sentUntil.set(key, Date.now());
    }
    return submitted.get(key)!;
  };

  return defineReactor<PushChunk, PushResult>({
    name,
    concurrency,
    // Chunks depend on nothing but their own codes: each is its own lane, so stores and chunks all run in parallel.
    laneOf: ({ payload }) => `${payload.discountId}:${payload.chunkKey}`,
    storeOf: ({ payload }) => payload.storeId,
    eventTypes: ['DiscountCodesAdded', 'DiscountDeployed'],
    effectsOf: async (recorded) => {
      const toEffects = (chunks: PushChunk[]): Effect<PushChunk>[] =>
        chunks.map((payload) => ({
          key: `codes-push:${payload.discountId}:${payload.chunkKey}`,
          streamId: discountCodesStream(payload.discountId),
          payload,
        }));
      if (recorded.type === 'DiscountCodesAdded') {
        const discountId = recorded.streamId.slice(recorded.streamId.indexOf(':') + 1);
        return toEffects(pushesOfAddition(recorded, await eventStore.readStream(discountStream(discountId))));
      }
      if (recorded.type === 'DiscountDeployed') {
        const discountId = recorded.streamId.slice(recorded.streamId.indexOf(':') + 1);
        const [discount, codes] = await Promise.all([
          eventStore.readStream(discountStream(discountId)),
          eventStore.readStream(discountCodesStream(discountId)),
        ]);
        return toEffects(pushesOfDeployment(recorded, discount, codes));
      }
      return [];
    },
    perform: async ({ key, payload }, signal, note): Promise<PushResult> => {
      try {
        const target = await openStore(payload);
        const run = await runOf(key, payload, target, signal, note);
        if (!run) return { live: [], refused: [] };
        run.creation ??= await target.store.codesRunCreation(run.runId, run.line, signal);
        const { creationId, codes } = run.creation;
        const skipped = payload.codes.filter((code) => !codes.includes(code));
        const [, results] = await Promise.all([
          note({
            type: 'DiscountCodesPushAccepted',
            data: { ...chunkOf(payload), creationId, skipped, acceptedAt: now().toISOString() },
          }),
          target.store.codesCreated(creationId, codes, signal),
        ]);
        // A retry of this effect (the lookup failed) waits for the same job again, never submits again.
        const result = await withOwnCodesLive(pushResultOf(results), target);
        forget(key);
        return result;
      } catch (error) {
        if (error instanceof ShopifyNoAnswerError) unanswered.set(key, now().getTime());
        else if (error instanceof PushProblem || error instanceof ShopifyAdapterError) {
          forget(key); // the effect ends here, recorded as failed
          throw error;
        }
        throw new RetryableEffectError(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
    check: async ({ key, payload }, own, signal, heldSince) =>
      recoverChunk(payload, await openStore(payload), own, signal, (store, since, runs) =>
        findRun(key, store, since, runs, heldSince),
      ),
    events: {
      started: ({ payload }) => ({
        type: 'DiscountCodesPushStarted',
        data: { ...chunkOf(payload), codes: [...payload.codes], startedAt: now().toISOString() },
      }),
      succeeded: ({ payload }, result) => ({
        type: 'DiscountCodesPushed',
        data: { ...chunkOf(payload), live: result.live, refused: result.refused, pushedAt: now().toISOString() },
      }),
      failed: ({ payload }, reason, error) => ({
        type: 'DiscountCodesPushFailed',
        data: {
          ...chunkOf(payload),
          codes: [...payload.codes],
          reason,
          retryable: error instanceof ShopifyAdapterError ? error.retryable : !(error instanceof PushProblem),
          failedAt: now().toISOString(),
        },
      }),
    },
  });
};

const chunkOf = ({ discountId, storeId, chunkKey }: PushChunk) => ({ discountId, storeId, chunkKey });
