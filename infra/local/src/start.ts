import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type LocalConfig } from './config';
import { startPlatform, type RunningPlatform } from './platform';
import { explainStartFailure } from './start-failure';

/**
 * `pnpm start`: the whole app on one machine with embedded defaults, then the URL. Ctrl-C stops it all;
 * the data stays in `.data/` for the next start. A start that fails says why in one sentence.
 */
let config: LocalConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(
    `Could not start: the settings are not valid (${(error as Error).message.replace(/\s+/g, ' ')}): fix them in the environment.`,
  );
  process.exit(1);
}
const log = pino({ level: config.LOG_LEVEL, name: 'start' });

let platform: RunningPlatform | undefined;
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  if (platform) console.log('\nStopping Discount Manager…');
  // A part that never finishes stopping (its data folder removed underneath it, say) must not keep the process.
  setTimeout(() => {
    console.error('Stopping took more than 15 s; leaving without waiting for the rest.');
    process.exit(code || 1);
  }, 15_000).unref();
  await platform?.stop().catch((error: unknown) => log.error({ reason: (error as Error).message }, 'stop failed'));
  process.exit(code);
};
// `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and a second,
// unhandled SIGINT would kill it halfway through stopping. SIGHUP: the terminal was closed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

try {
  const started = Date.now();
  mkdirSync(config.dataDir, { recursive: true });
  platform = await startPlatform(config, log);
  const moved = platform.databaseDir && platform.databaseDir !== path.join(config.dataDir, 'pg');
  const database = moved
    ? `; the database itself in ${platform.databaseDir}, where the postgres user can reach it`
    : '';
  console.log(
    `Discount Manager is running (data in ${config.dataDir}${database}; started in ${Date.now() - started} ms).`,
  );
  console.log(`Shopify emulator with the demo stores: ${platform.shopifyUrl}`);
  console.log('Sign in as super@demo.test, admin@demo.test, manager@demo.test or user@demo.test, password demo.');
  console.log(platform.url);
} catch (error) {
  log.debug({ err: error }, 'start failed');
  console.error(
    `Could not start: ${explainStartFailure(error, { first: config.ports.gateway, last: config.ports.shopify })}`,
  );
  await stop(1);
}
