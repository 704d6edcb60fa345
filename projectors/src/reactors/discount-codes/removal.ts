import type { EventStore } from '@dm/event-store';
import { codeReservationStream, discountCodesStream, discountStream, parseDomainEvent } from '@dm/events';
import { ShopifyAdapterError, type ShopifyAdapter } from '@dm/shopify';
import type pg from 'pg';
import { sleep } from '../../backoff';
import { defineReactor, RetryableEffectError, type EffectEvent } from '../../define-reactor';
import { deterministicId } from '../../deterministic-id';
import { discountHistory } from '../discount-deployment/history';
import { targetStore } from '../discount-deployment/store-catalog';
import { trackPushesInFlight } from './plan';

export interface DiscountCodeRemovalReactorOptions {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  readonly db: pg.Pool;
  readonly now?: () => Date;
  readonly concurrency?: number;
  /** How often a removal held by a push in flight reads the codes stream again for its outcome. */
  readonly pushPollMs?: number;
}

interface Removal {
  readonly discountId: string;
  readonly brandId: number;
  readonly codeId: string;
  readonly code: string;
  readonly storeId: number;
}

class RemovalProblem extends Error {}

const name = 'discount-code-removal';

/**
 * A deleted code leaves every store (docs/decisions/1103-pushing-codes.md): removed from the discount in Shopify
 * where it is live, then its reservation released, then `DiscountCodeRemovedFromStore`; or
 * `DiscountCodeRemovalFailed(reason)`, shown on the codes page. Every step is idempotent (a code already gone is
 * not looked for twice; a release already made is not made again), so a restart simply runs it again.
 */
export const discountCodeRemovalReactor = ({
  shopify,
  eventStore,
  db,
  now = () => new Date(),
  concurrency = 16,
  pushPollMs = 1_000,
}: DiscountCodeRemovalReactorOptions) => {
  /**
   * Until every push of the code to the store that started has its outcome in the log: a bulk job Shopify took but
   * has not run shows no code, and freeing it then would leave it live with our ledger saying it is free (issue
   * 22). A push that starts after the deletion filters the code out itself (the push reads deletions as it submits).
   */
  const pushesSettled = async (removal: Removal, signal: AbortSignal, note: (body: EffectEvent) => Promise<void>) => {
    const stream = discountCodesStream(removal.discountId);
    const open = new Set<string>();
    let version = 0n;
    for (let noted = false; ;) {
      const fresh = await eventStore.readStream(stream, { fromVersion: version });
      version = fresh.at(-1)?.streamVersion ?? version;
      trackPushesInFlight(open, fresh, removal.storeId, removal.code);
      if (open.size === 0) return;
      if (!noted) {
        const { discountId, codeId, code, storeId } = removal;
        await note({
          type: 'DiscountCodeRemovalHeld',
          data: { discountId, codeId, code, storeId, chunkKeys: [...open], heldAt: now().toISOString() },
        });
        noted = true;
      }
      await sleep(pushPollMs, signal);
      signal.throwIfAborted();
    }
  };

  const removeInShopify = async ({ discountId, storeId, code }: Removal) => {
    const live = discountHistory(await eventStore.readStream(discountStream(discountId)))?.deployedIn(storeId);
    if (!live) return;
    const store = await targetStore(db, storeId);
    if (!store) throw new RemovalProblem(`Store ${storeId} does not exist.`);
    const found = shopify.store(store.slug);
    if (!found.ok) throw found.error;
    const ids = await found.store.findCodeIds(live.shopifyDiscountId, [code]);
    if (ids.size > 0) await found.store.deleteCodes(live.shopifyDiscountId, [...ids.values()]);
  };

  /** Frees the code in the store if this discount still holds it there, at the version read (the ledger's rule). */
  const release = async (removal: Removal) => {
    const streamId = codeReservationStream(removal.storeId, removal.code);
    const recorded = await eventStore.readStream(streamId);
    const last = recorded.at(-1);
    if (!last) return;
    const event = parseDomainEvent(last);
    if (event.type !== 'CodeReserved' || event.data.discountId !== removal.discountId) return;
    await eventStore.append(
      streamId,
      [
        {
          eventId: deterministicId(`${name}|${removal.codeId}|${removal.storeId}|release`),
          type: 'CodeReleased',
          data: { ...event.data, releasedAt: now().toISOString() },
          metadata: { actorId: `reactor:${name}`, actorEmail: null, brandId: removal.brandId },
        },
      ],
      { expected: last.streamVersion },
    );
  };

  return defineReactor<Removal, true>({
    name,
    concurrency,
    laneOf: (effect) => `${effect.payload.discountId}:${effect.payload.storeId}`,
    storeOf: (effect) => effect.payload.storeId,
    eventTypes: ['DiscountCodeDeleted'],
    effectsOf: (recorded) => {
      if (recorded.type !== 'DiscountCodeDeleted') return [];
      const event = parseDomainEvent(recorded);
      if (event.type !== 'DiscountCodeDeleted') return [];
      const { discountId, brandId, codeId, code, storeIds } = event.data;
      return storeIds.map((storeId) => ({
        key: `code-remove:${codeId}:${storeId}`,
        streamId: discountCodesStream(discountId),
        payload: { discountId, brandId, codeId, code, storeId },
      }));
    },
    perform: async ({ payload }, signal, note) => {
      try {
        await pushesSettled(payload, signal, note);
        await removeInShopify(payload);
        await release(payload);
        return true;
      } catch (error) {
        if (error instanceof RemovalProblem || error instanceof ShopifyAdapterError) throw error;
        throw new RetryableEffectError(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
    events: {
      succeeded: ({ payload: { discountId, codeId, code, storeId } }) => ({
        type: 'DiscountCodeRemovedFromStore',
        data: { discountId, codeId, code, storeId, removedAt: now().toISOString() },
      }),
      failed: ({ payload: { discountId, codeId, code, storeId } }, reason, error) => ({
        type: 'DiscountCodeRemovalFailed',
        data: {
          discountId,
          codeId,
          code,
          storeId,
          reason,
          retryable: error instanceof ShopifyAdapterError ? error.retryable : !(error instanceof RemovalProblem),
          failedAt: now().toISOString(),
        },
      }),
    },
  });
};
