import type { Logger } from 'pino';
import { createShopifyAdapter, type ShopifyAdapter } from './adapter';
import { storesFromEnv } from './config';

/**
 * Production: one adapter per store, created on first use from the store's token variable, so stores added after
 * start-up need no restart (their token must be in the environment, ARCHITECTURE §4). The projectors deploy and
 * push through it; the query API asks stores whether a code exists.
 */
export const shopifyAdapterFromEnv = (logger: Logger): ShopifyAdapter => {
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
