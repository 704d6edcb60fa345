import type { EventStore } from '@dm/event-store';
import { catalogImportStream, parseDomainEvent, storeCatalogStream, type DomainEvent } from '@dm/events';
import { ShopifyAdapterError, type ShopifyStore } from '@dm/shopify';
import { RetryableEffectError } from '../../define-reactor';
import { deterministicId } from '../../deterministic-id';
import { collectionItem, productItem, type CatalogItem, type ImportTarget } from './items';

export interface ImportRequest extends ImportTarget {
  readonly kind: 'products' | 'collections';
}
export interface ImportOutcome {
  readonly imported: number;
  readonly failed: number;
  readonly skipped: number;
  readonly warning: string | null;
}

/** What the store's stream already holds: the latest content hash per Shopify id. */
const knownHashes = async (eventStore: EventStore, storeId: number, kind: ImportRequest['kind']) => {
  const hashes = new Map<string, string>();
  for (const recorded of await eventStore.readStream(storeCatalogStream(storeId))) {
    const event: DomainEvent = parseDomainEvent(recorded);
    if (kind === 'products' && event.type === 'StoreProductImported')
      hashes.set(event.data.shopifyProductId, event.data.hash);
    if (kind === 'collections' && event.type === 'StoreCollectionImported')
      hashes.set(event.data.shopifyCollectionId, event.data.hash);
  }
  return hashes;
};

/**
 * Pages the store and appends only new or changed items. Event ids come from (store, item, previous hash,
 * hash), so a retried page appends nothing twice, and a change back to an earlier content is still recorded.
 * A failure after something was recorded is a partial import (a warning); before that, it is the failure.
 */
export const runImport = async (
  eventStore: EventStore,
  store: ShopifyStore,
  request: ImportRequest,
  options: { pageSize?: number; metadata: Record<string, unknown> },
): Promise<ImportOutcome> => {
  const known = await knownHashes(eventStore, request.storeId, request.kind);
  let imported = 0;
  let skipped = 0;
  let page = 0;
  try {
    // Prices are in the shop's currency: read once per import, recorded with every product.
    const currency = request.kind === 'products' ? await store.shopCurrency() : null;
    const pages: AsyncIterable<CatalogItem[]> =
      currency !== null
        ? mapPages(store.importProductsWithVariants(options.pageSize), (n) => productItem(n, request, currency))
        : mapPages(store.importCollections(), (n) => collectionItem(n, request));
    for await (const items of pages) {
      page += 1;
      const fresh = items.filter((item) => known.get(item.shopifyId) !== item.hash);
      if (fresh.length > 0) {
        const events = fresh.map((item) => ({
          ...item.event(item.hash),
          eventId: deterministicId(
            `store-catalog|${request.storeId}|${item.shopifyId}|${known.get(item.shopifyId) ?? ''}|${item.hash}`,
          ),
          metadata: options.metadata,
        }));
        await eventStore.append(storeCatalogStream(request.storeId), events, { expected: 'any' });
        fresh.forEach((item) => known.set(item.shopifyId, item.hash));
      }
      imported += fresh.length;
      skipped += items.length - fresh.length;
      const progress = {
        importId: request.importId,
        page,
        imported: fresh.length,
        skipped: items.length - fresh.length,
        at: request.at,
      };
      await eventStore.append(
        catalogImportStream(request.importId),
        [
          {
            type: 'CatalogImportProgressed',
            data: progress,
            eventId: deterministicId(`${request.importId}|page|${page}`),
            metadata: options.metadata,
          },
        ],
        { expected: 'any' },
      );
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const seen = imported + skipped;
    if (seen > 0) {
      return {
        imported,
        failed: 0,
        skipped,
        warning: `Stopped after ${seen} ${request.kind}: ${reason}. Import again to fetch the rest.`,
      };
    }
    if (error instanceof ShopifyAdapterError && error.retryable)
      throw new RetryableEffectError(reason, { cause: error });
    throw error;
  }
  return { imported, failed: 0, skipped, warning: null };
};

async function* mapPages<T>(source: AsyncIterable<T[]>, map: (node: T) => CatalogItem): AsyncGenerator<CatalogItem[]> {
  for await (const nodes of source) yield nodes.map(map);
}
