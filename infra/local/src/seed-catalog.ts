import type { CommandBus } from '@dm/command-api/commands';
import { systemActor } from '@dm/command-api/commands';
import type { Logger } from 'pino';
import { demoStores } from './demo-world';

/**
 * Imports the products and collections of every demo store through the import command (so the catalog is
 * events, like everything else). Part of the seed: it runs once, on an empty log (see `seedOnEmptyLog`).
 */
export const seedDemoCatalog = async (commands: CommandBus, logger: Logger) => {
  const demoSlugs = new Set(demoStores.map((s) => s.slug));
  for (const store of (await commands.readLocations()).stores.values()) {
    if (!demoSlugs.has(store.urlSlug)) continue;
    for (const kind of ['products', 'collections'] as const) {
      const { outcome } = await commands.importCatalog(
        { kind, brandId: store.brandId, storeId: store.id },
        systemActor,
      );
      logger.info(
        { store: store.urlSlug, kind, ...(outcome.finished ? outcome.result : { status: 'running' }) },
        'demo catalog imported',
      );
    }
  }
};
