// `pnpm replay`: rebuilds every read model of the local app from its event log.
// `pnpm replay --verify`: rebuilds them beside the live ones, while the app runs, and prints the differences.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { withLocalDatabase } from '../local-database';
import { replayReadModels } from '../replay';
import { verifyReplay } from '../replay-verify';

const { values } = parseArgs({ options: { verify: { type: 'boolean' } } });
const config = loadConfig();
try {
  await withLocalDatabase(config, async (pool, url, appRunning) => {
    if (values.verify) {
      const checks = await verifyReplay(pool, url);
      console.table(
        checks.map((c) => ({
          projection: c.projection,
          at: c.at.position,
          rows: c.rows,
          differences: c.differences.length,
        })),
      );
      const differences = checks.flatMap((c) => c.differences);
      if (differences.length === 0) {
        console.log('No differences: every read model equals its rebuild from the log.');
      } else {
        console.table(differences);
        process.exitCode = 1;
      }
      return;
    }
    if (appRunning) throw new Error('The app is running: stop it (Ctrl-C) before a replay, then start it again.');
    const results = await replayReadModels(pool, url);
    console.table(results.map((r) => ({ ...r, ms: Math.round(r.ms) })));
  });
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
