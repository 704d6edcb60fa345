import { foldCode } from '@dm/events';
import type { ShopifyAdapter } from '@dm/shopify';
import type { FastifyBaseLogger } from 'fastify';
import type { StoreRef } from './queries';

/** Share of each store's rate budget the check leaves to the reactors' pushes and syncs. */
const keepForReactors = 0.5;

export interface UncheckedStore {
  readonly storeId: number;
  readonly storeName: string;
  readonly reason: string;
}

export interface ShopifyAnswer {
  readonly exists: (storeId: number, code: string) => boolean;
  readonly unchecked: readonly UncheckedStore[];
}

/**
 * Which codes each store holds from outside our ledger, asked of Shopify (`codeDiscountNodeByCode`, aliased, ≤ 250
 * per call) for stores whose synced cache is stale (decision 1160). Only codes the ledger does not hold are asked.
 * The calls spend the store's budget through the same adapter and pacing as the reactors, leaving them half of it,
 * and stop at `timeLimitMs` (decision 1321): a store not answered by then, or that cannot be asked at all, is
 * named in `unchecked` and answered from the ledger alone.
 */
export const askShopify = async (
  shopify: ShopifyAdapter,
  stores: readonly StoreRef[],
  codes: readonly string[],
  heldBy: (storeId: number, code: string) => string | null,
  options: { readonly timeLimitMs: number; readonly log: FastifyBaseLogger },
): Promise<ShopifyAnswer> => {
  const found = new Set<string>();
  const unchecked: UncheckedStore[] = [];
  const signal = AbortSignal.timeout(options.timeLimitMs);
  const seconds = (options.timeLimitMs / 1000).toLocaleString('en');
  await Promise.all(
    stores.map(async (store) => {
      const notChecked = (reason: string) => unchecked.push({ storeId: store.id, storeName: store.name, reason });
      const unknown = codes.filter((code) => heldBy(store.id, code) === null);
      if (unknown.length === 0) return;
      const lookup = shopify.store(store.urlSlug);
      if (!lookup.ok) {
        options.log.warn({ store: store.urlSlug, reason: lookup.error.message }, 'availability: store not asked');
        return notChecked(`Shopify was not asked: ${lookup.error.message}`);
      }
      try {
        const existing = await lookup.store.checkCodesExist(unknown, { keep: keepForReactors, signal });
        for (const [code, owner] of existing) if (owner) found.add(`${store.id}:${foldCode(code)}`);
      } catch (error) {
        options.log.warn({ store: store.urlSlug, err: error }, 'availability: Shopify could not be asked');
        notChecked(
          signal.aborted
            ? `Shopify did not answer within ${seconds} s (the store's rate budget goes to pushes and syncs first). Check again in a minute`
            : 'Shopify could not be asked. Check again later',
        );
      }
    }),
  );
  unchecked.sort((a, b) => stores.findIndex((s) => s.id === a.storeId) - stores.findIndex((s) => s.id === b.storeId));
  return { exists: (storeId, code) => found.has(`${storeId}:${foldCode(code)}`), unchecked };
};
