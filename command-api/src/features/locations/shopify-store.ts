import { tokenVariableOf } from '@dm/events';
import type { StoreState } from './state';

/** What a command that works on a store's Shopify side (an import, a code sync) decides with; null: no such store. */
export const shopifyStoreOf = (found: StoreState | undefined, hasShopifyToken: (slug: string) => boolean) =>
  found
    ? {
        storeId: found.id,
        name: found.name,
        urlSlug: found.urlSlug,
        brandId: found.brandId,
        isActive: found.isActive,
        hasToken: hasShopifyToken(found.urlSlug),
        tokenVariable: tokenVariableOf(found.urlSlug),
      }
    : null;
