import type { CommandBus } from '@dm/command-api/commands';
import { systemActor } from '@dm/command-api/commands';
import type { EventStore } from '@dm/event-store';
import { storeCatalogStream } from '@dm/events';
import type { Logger } from 'pino';

/**
 * First start only: imports the products and collections of every active demo store through the import
 * command (so the catalog is events, like everything else). A store whose catalog stream has events is left
 * alone, so restarts add nothing to the log.
 */
export const seedDemoCatalog = async (commands: CommandBus, eventStore: EventStore, logger: Logger) => {
  for (const store of (await commands.readLocations()).stores.values()) {
    if (!store.isActive) continue;
    if ((await eventStore.readStream(storeCatalogStream(store.id))).length > 0) continue;
    for (const kind of ['products', 'collections'] as const) {
      const { outcome } = await commands.importCatalog({ kind, brandId: store.brandId, storeId: store.id }, systemActor);
      logger.info({ store: store.urlSlug, kind, ...(outcome.finished ? outcome.result : { status: 'running' }) }, 'demo catalog imported');
    }
  }
};
