// A projectors process for the SIGKILL test (`resume-kill.int.spec.ts`): every projection and reactor, started as
// `main.ts` starts them, against the database and the Shopify emulator named in its one argument (JSON).
import { createShopifyAdapter, shopDomainOf } from '@dm/shopify';
import pg from 'pg';
import { pino } from 'pino';
import { z } from 'zod';
import { createEventStore } from '../../src/create-store';
import { startProjectors } from '../../src/index';
import { projections } from '../../src/projections/index';
import { createReactors } from '../../src/reactors/index';

const config = z
  .object({
    databaseUrl: z.string(),
    emulatorUrl: z.string(),
    tokens: z.record(z.string(), z.string()),
    batchLines: z.number().int().positive(),
    gramThreshold: z.number().int().positive(),
  })
  .parse(JSON.parse(process.argv[2] ?? '{}'));
const logger = pino({ level: 'warn' });
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
pool.on('error', (err) => logger.warn({ err }, 'idle database connection lost'));
const eventStore = createEventStore(pool, config.databaseUrl);
const shopify = createShopifyAdapter({
  stores: Object.entries(config.tokens).map(([slug, token]) => ({ slug, domain: shopDomainOf(slug), token })),
  emulatorUrl: config.emulatorUrl,
  policy: { maxAttempts: 3, minDelayMs: 1, maxDelayMs: 5, pollIntervalMs: 5 },
  logger,
});
const reactors = createReactors({
  shopify,
  eventStore,
  db: pool,
  codeSync: { pollMs: 10, batchLines: config.batchLines, gramThreshold: config.gramThreshold },
});
const projectors = startProjectors({ pool, eventStore, projections, reactors, logger, tuning: { pollMs: 20 } });
process.stdout.write('started\n');
process.once('SIGTERM', () => {
  void projectors
    .stop()
    .then(() => eventStore.close())
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
