// The projectors (every projection and reactor) as their own process, for the model-based test to SIGKILL.
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { createReactors, projections, startProjectors } from '@dm/projectors';
import { createShopifyAdapter, type StoreConfig } from '@dm/shopify';
import pg from 'pg';
import { pino } from 'pino';
import { fastPolicy, projectorTuning } from './projector-settings';

const { DATABASE_URL: databaseUrl, SHOPIFY_URL: shopifyUrl, STORES: stores } = process.env;
if (!databaseUrl || !shopifyUrl || !stores) throw new Error('DATABASE_URL, SHOPIFY_URL and STORES are required');

const logger = pino({ level: 'error' }, pino.destination(2));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
pool.on('error', () => undefined);
const eventStore = createPostgresEventStore({
  pool,
  connectionString: databaseUrl,
  upcast: chainUpcasters(upcasters),
});
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
  tuning: projectorTuning,
});
process.once('SIGTERM', () => {
  void projectors.stop().then(async () => {
    await eventStore.close();
    await pool.end();
    process.exit(0);
  });
});
