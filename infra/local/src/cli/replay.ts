// `pnpm replay`: rebuilds every read model of the local app from its event log.
import { loadConfig } from '../config';
import { withLocalDatabase } from '../local-database';
import { replayReadModels } from '../replay';

const config = loadConfig();
try {
  await withLocalDatabase(config, async (pool, url, appRunning) => {
    if (appRunning) throw new Error('The app is running: stop it (Ctrl-C) before a replay, then start it again.');
    const results = await replayReadModels(pool, url);
    console.table(results.map((r) => ({ ...r, ms: Math.round(r.ms) })));
  });
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
