import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { migrate } from '@dm/migrations';
import { projections, rebuildAll, type RebuildResult } from '@dm/projectors';
import type pg from 'pg';
import pino from 'pino';

/** What `pnpm replay` does: every read model rebuilt from the log of the database at `url`. */
export const replayReadModels = async (pool: pg.Pool, url: string): Promise<RebuildResult[]> => {
  await migrate(pool); // read models added since the last start need their tables
  const eventStore = createPostgresEventStore({ pool, connectionString: url, upcast: chainUpcasters(upcasters) });
  try {
    return await rebuildAll({ pool, eventStore, projections, logger: pino({ level: 'warn' }) });
  } finally {
    await eventStore.close();
  }
};
