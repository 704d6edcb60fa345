import { foldCode } from '@dm/events';
import type { ShopifyAdapter } from '@dm/shopify';
import type { FastifyBaseLogger } from 'fastify';
import type { StoreRef } from './queries';

/**
 * Which codes each store holds from outside our ledger, asked of Shopify (`codeDiscountNodeByCode`, aliased, ≤ 250
 * per call, within the store's rate limit: the adapter's), for stores whose synced cache is stale (decision 1160).
 * Only codes the ledger does not hold are asked. A store that cannot be asked (no token, Shopify down) is answered
 * from the ledger alone and logged: the push still reports a conflict later.
 */
export const askShopify = async (
  shopify: ShopifyAdapter,
  stores: readonly StoreRef[],
  codes: readonly string[],
  heldBy: (storeId: number, code: string) => string | null,
  log: FastifyBaseLogger,
): Promise<(storeId: number, code: string) => boolean> => {
  const found = new Set<string>();
  await Promise.all(
    stores.map(async (store) => {
      const unknown = codes.filter((code) => heldBy(store.id, code) === null);
      if (unknown.length === 0) return;
      const lookup = shopify.store(store.urlSlug);
      if (!lookup.ok) {
        log.warn({ store: store.urlSlug, reason: lookup.error.message }, 'availability: store not asked');
        return;
      }
      try {
        const existing = await lookup.store.checkCodesExist(unknown);
        for (const [code, owner] of existing) if (owner) found.add(`${store.id}:${foldCode(code)}`);
      } catch (error) {
        log.warn({ store: store.urlSlug, err: error }, 'availability: Shopify could not be asked');
      }
    }),
  );
  return (storeId, code) => found.has(`${storeId}:${foldCode(code)}`);
};
