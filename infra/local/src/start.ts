import { mkdirSync } from 'node:fs';
import pino from 'pino';
import { loadConfig } from './config';
import { startPlatform, type RunningPlatform } from './platform';

/**
 * `pnpm start`: the whole app on one machine with embedded defaults, then the URL. Ctrl-C stops it all;
 * the data stays in `.data/` for the next start.
 */
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL, name: 'start' });
mkdirSync(config.dataDir, { recursive: true });

let platform: RunningPlatform | undefined;
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Discount Manager…');
  await platform?.stop().catch((error: unknown) => log.error({ err: error }, 'stop failed'));
  process.exit(code);
};
// `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and a second,
// unhandled SIGINT would kill it halfway through stopping.
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const started = Date.now();
  platform = await startPlatform(config, log);
  console.log(`Discount Manager is running (data in ${config.dataDir}, started in ${Date.now() - started} ms).`);
  console.log(`Shopify emulator with the demo stores: ${platform.shopifyUrl}`);
  console.log('Sign in as super@demo.test, admin@demo.test, manager@demo.test or user@demo.test, password demo.');
  console.log(platform.url);
} catch (error) {
  log.fatal({ err: error }, 'start failed');
  console.error(`Could not start: ${(error as Error).message}`);
  await stop(1);
}
