import type { EventStore } from '@dm/event-store';
import { catalogImportStream, parseDomainEvent } from '@dm/events';
import type { CatalogImportResult } from '@dm/events/http';

export type ImportOutcome =
  | { readonly finished: true; readonly result: CatalogImportResult; readonly position: bigint }
  | { readonly finished: false };

/**
 * Waits for the import reactor's outcome by reading the import's own stream (not a read model), woken by
 * the store's notifications; gives up after `waitMs` (ARCHITECTURE §1: ≤ 30 s, then 202 + id).
 */
export const awaitImport = async (eventStore: EventStore, importId: string, waitMs: number): Promise<ImportOutcome> => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    for (const recorded of await eventStore.readStream(catalogImportStream(importId))) {
      const event = parseDomainEvent(recorded);
      if (event.type === 'CatalogImportSucceeded') {
        const { imported, failed, skipped, warning } = event.data;
        return {
          finished: true,
          result: { imported, failed, skipped, error: warning },
          position: recorded.globalPosition,
        };
      }
      if (event.type === 'CatalogImportFailed') {
        const { imported, reason } = event.data;
        return {
          finished: true,
          result: { imported, failed: 0, skipped: 0, error: reason },
          position: recorded.globalPosition,
        };
      }
    }
    const left = deadline - Date.now();
    if (left <= 0) return { finished: false };
    await eventStore.waitForEvents(Math.min(left, 250));
  }
};
