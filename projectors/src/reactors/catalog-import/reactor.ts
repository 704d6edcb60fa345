import type { EventStore } from '@dm/event-store';
import { catalogImportStream, parseDomainEvent } from '@dm/events';
import type { ShopifyAdapter } from '@dm/shopify';
import { defineReactor, type Effect } from '../../define-reactor';
import { runImport, type ImportOutcome, type ImportRequest } from './run-import';

export interface CatalogImportReactorOptions {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  readonly now?: () => Date;
  /** Products per page (default 35, the most that stays under Shopify's cost cap); tests page smaller. */
  readonly pageSize?: number;
}

type Payload = ImportRequest & { readonly storeSlug: string };

/**
 * CatalogImportRequested → pages the store through the adapter → store-catalog events, then one outcome on
 * the import's stream. The adapter already retries throttling and 5xx per call; a retryable failure before
 * anything was recorded is retried as a whole (ARCHITECTURE §4).
 */
export const catalogImportReactor = ({
  shopify,
  eventStore,
  now = () => new Date(),
  pageSize,
}: CatalogImportReactorOptions) =>
  defineReactor<Payload, ImportOutcome>({
    name: 'catalog-import',
    // Read from the log, this reactor follows it event by event (no lanes), whatever it names; as a consumer group
    // it only needs the requests.
    eventTypes: ['CatalogImportRequested'],
    storeOf: (effect) => effect.payload.storeId,
    effectsOf: (recorded) => {
      if (recorded.type !== 'CatalogImportRequested') return [];
      const event = parseDomainEvent(recorded);
      if (event.type !== 'CatalogImportRequested') return [];
      const { importId, kind, brandId, storeId, storeSlug } = event.data;
      return [
        {
          key: `catalog-import:${importId}`,
          streamId: catalogImportStream(importId),
          payload: { importId, kind, brandId, storeId, storeSlug, at: event.data.requestedAt },
        },
      ];
    },
    perform: async (effect: Effect<Payload>) => {
      const found = shopify.store(effect.payload.storeSlug);
      if (!found.ok) throw found.error;
      const metadata = {
        actorId: 'reactor:catalog-import',
        actorEmail: null,
        brandId: effect.payload.brandId,
        correlationId: effect.payload.importId,
        causationId: null,
        commandId: effect.key,
      };
      const request = { ...effect.payload, at: now().toISOString() };
      return runImport(eventStore, found.store, request, { metadata, ...(pageSize ? { pageSize } : {}) });
    },
    events: {
      started: (effect) => ({
        type: 'CatalogImportStarted',
        data: { importId: effect.payload.importId, startedAt: now().toISOString() },
      }),
      succeeded: (effect, result) => ({
        type: 'CatalogImportSucceeded',
        data: { importId: effect.payload.importId, ...result, finishedAt: now().toISOString() },
      }),
      failed: (effect, reason) => ({
        type: 'CatalogImportFailed',
        data: { importId: effect.payload.importId, imported: 0, reason, finishedAt: now().toISOString() },
      }),
    },
  });
