import type { EventStore } from '@dm/event-store';
import { discountCodesStream, discountStream, foldCode } from '@dm/events';
import { ShopifyAdapterError, ShopifyNoAnswerError, type ShopifyAdapter, type ShopifyStore } from '@dm/shopify';
import type pg from 'pg';
import { defineReactor, RetryableEffectError, type Effect } from '../../define-reactor';
import { discountHistory } from '../discount-deployment/history';
import { targetStore } from '../discount-deployment/store-catalog';
import { foldDeletions, pushesOfAddition, pushesOfDeployment, type PushChunk } from './plan';
import { lookUpChunk, pushResultOf, recoverChunk, withOwnCodesLive, type PushResult } from './recovery';
import { sharedReads } from './shared-reads';

export interface DiscountCodesPushReactorOptions {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  /** Store slugs (`rm.stores`). */
  readonly db: pg.Pool;
  readonly now?: () => Date;
  /**
   * Chunks pushed at once, across stores: the bulk add is an asynchronous job, so a few chunks at a time would leave
   * a store's rate limit idle while the jobs run; the adapter paces them all within each store's bucket.
   */
  readonly concurrency?: number;
  /**
   * After a crash between submitting a chunk and recording Shopify's job id, how long after the chunk's start its
   * codes are looked up (a job that has not run yet shows none): Shopify runs a 250-code job within seconds.
   */
  readonly acceptanceGraceMs?: number;
}

/** What only a person can fix: recorded with `retryable: false`, never retried. */
class PushProblem extends Error {}

const name = 'discount-codes-push';

/**
 * Pushes a discount's codes to each store it is live in (docs/decisions/1103-pushing-codes.md): one effect per
 * (store, chunk of ≤ 250), recorded `DiscountCodesPushStarted` before the bulk add, then `DiscountCodesPushed` with
 * each code's outcome (live, or refused — `conflict` when the store already holds it from outside our ledger), or
 * `DiscountCodesPushFailed`. A chunk Started but without an outcome (the process died mid-call) is looked up in
 * Shopify before anything is submitted again, so no (store, chunk) is submitted twice. Stores run in parallel,
 * each with a few chunks in flight (decision 1162).
 */
export const discountCodesPushReactor = ({
  shopify,
  eventStore,
  db,
  now = () => new Date(),
  concurrency = 64,
  acceptanceGraceMs = 60_000,
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

  // Chunks Shopify took in this process, by effect key: a retry (say, polling failed) waits for that job. And when
  // a submission got no answer, when that was: the retry looks the chunk up before it goes out again.
  const submitted = new Map<string, { creationId: string; codes: string[] }>();
  const unanswered = new Map<string, number>();
  const timing = (signal: AbortSignal) => ({ graceMs: acceptanceGraceMs, now, signal });
  const submit = async (
    key: string,
    payload: PushChunk,
    target: { shopifyDiscountId: string; store: ShopifyStore },
  ) => {
    const known = submitted.get(key);
    if (known) return known;
    const deleted = await deletedNow(payload.discountId);
    const codes = payload.codes.filter((code) => !deleted.has(foldCode(code)));
    if (codes.length === 0) return null;
    const submission = { creationId: await target.store.submitCodes(target.shopifyDiscountId, codes), codes };
    submitted.set(key, submission);
    return submission;
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
        const lostAt = unanswered.get(key);
        if (lostAt !== undefined) {
          const found = await lookUpChunk(payload, target, lostAt, timing(signal));
          unanswered.delete(key);
          if (found.applied) return found.result;
        }
        const submission = await submit(key, payload, target);
        if (!submission) return { live: [], refused: [] };
        const skipped = payload.codes.filter((code) => !submission.codes.includes(code));
        const [, results] = await Promise.all([
          note({
            type: 'DiscountCodesPushAccepted',
            data: { ...chunkOf(payload), creationId: submission.creationId, skipped, acceptedAt: now().toISOString() },
          }),
          target.store.codesCreated(submission.creationId, submission.codes, signal),
        ]);
        // A retry of this effect (the lookup failed) waits for the same job again, never submits again.
        const result = await withOwnCodesLive(pushResultOf(results), target);
        submitted.delete(key);
        return result;
      } catch (error) {
        if (error instanceof ShopifyNoAnswerError) unanswered.set(key, now().getTime());
        else if (error instanceof PushProblem || error instanceof ShopifyAdapterError) {
          submitted.delete(key); // the effect ends here, recorded as failed
          throw error;
        }
        throw new RetryableEffectError(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
    check: async ({ payload }, own, signal) => recoverChunk(payload, await openStore(payload), own, timing(signal)),
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
