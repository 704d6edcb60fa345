import type { CommandBus } from '@dm/command-api/commands';
import { logStart, type EventStore } from '@dm/event-store';
import type { Logger } from 'pino';
import { seedDemoWorld } from './seed';
import { seedDemoCatalog } from './seed-catalog';

/**
 * The demo data, on the first start only: once the log has any event, it is the users' data and the seed
 * leaves it alone (a store they added without a token, a region they deleted). A seed never decides whether
 * the app starts: a failure is said, and the app starts with what there is.
 */
export const seedOnEmptyLog = async (options: {
  eventStore: EventStore;
  commands: CommandBus;
  catalog: boolean;
  logger: Logger;
}): Promise<'seeded' | 'not-empty' | 'failed'> => {
  if (await options.eventStore.hasEventsAfter(logStart)) return 'not-empty';
  try {
    await seedDemoWorld(options.commands);
    if (options.catalog) await seedDemoCatalog(options.commands, options.logger);
    return 'seeded';
  } catch (error) {
    options.logger.warn(
      { reason: (error as Error).message },
      'The demo data could not be seeded completely; the app runs with what there is',
    );
    return 'failed';
  }
};
