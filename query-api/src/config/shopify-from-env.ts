import { createShopifyAdapter, storesFromEnv, type ShopifyAdapter } from '@dm/shopify';
import type { Logger } from 'pino';

/**
 * Production: the availability check asks a store through an adapter made on first use from the store's token
 * variable (ARCHITECTURE §4), so stores added after start-up need no restart. (The projectors build theirs the same
 * way, in their own package.)
 */
export const shopifyFromEnv = (logger: Logger): ShopifyAdapter => {
  const bySlug = new Map<string, ShopifyAdapter>();
  const adapterOf = (slug: string) => {
    let adapter = bySlug.get(slug);
    if (!adapter) {
      adapter = createShopifyAdapter({ stores: storesFromEnv([slug]), logger });
      bySlug.set(slug, adapter);
    }
    return adapter;
  };
  return {
    store: (slug) => adapterOf(slug).store(slug),
    get missingTokens() {
      return [...bySlug.values()].flatMap((a) => a.missingTokens);
    },
  };
};
