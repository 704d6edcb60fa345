// A projectors process (every projection and reactor) against the emulator, for the crash test (SIGKILLed).
import { createShopifyAdapter, type StoreConfig } from '@dm/shopify';
import pg from 'pg';
import { pino } from 'pino';
import { createEventStore } from '../../src/create-store';
import { createReactors, projections, startProjectors } from '../../src/index';
import { fastPolicy } from './world';

const { DATABASE_URL: databaseUrl, SHOPIFY_URL: shopifyUrl, STORES: stores } = process.env;
if (!databaseUrl || !shopifyUrl || !stores) throw new Error('DATABASE_URL, SHOPIFY_URL and STORES are required');

const logger = pino({ level: 'warn' }, pino.destination(2));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
const eventStore = createEventStore(pool, databaseUrl);
const shopify = createShopifyAdapter({
  stores: JSON.parse(stores) as StoreConfig[],
  emulatorUrl: shopifyUrl,
  policy: fastPolicy,
  logger,
});
const projectors = startProjectors({
  pool,
  eventStore,
  projections,
  reactors: createReactors({ shopify, eventStore, db: pool }),
  logger,
  tuning: { pollMs: 50, lockRetryMs: 100, effectBackoff: () => 5 },
});
process.once('SIGTERM', () => {
  void projectors.stop().then(async () => {
    await eventStore.close();
    await pool.end();
  });
});
