// `pnpm replay`: rebuilds every read model of the local app from its event log.
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { migrate } from '@dm/migrations';
import { projections, rebuildAll } from '@dm/projectors';
import pino from 'pino';
import { loadConfig } from '../config';
import { withLocalDatabase } from '../local-database';

const config = loadConfig();
try {
  await withLocalDatabase(config, async (pool, url, appRunning) => {
    if (appRunning) throw new Error('The app is running: stop it (Ctrl-C) before a replay, then start it again.');
    await migrate(pool); // read models added since the last start need their tables
    const eventStore = createPostgresEventStore({ pool, connectionString: url, upcast: chainUpcasters(upcasters) });
    try {
      const results = await rebuildAll({ pool, eventStore, projections, logger: pino({ level: 'warn' }) });
      console.table(results.map((r) => ({ ...r, ms: Math.round(r.ms) })));
    } finally {
      await eventStore.close();
    }
  });
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
