import { kafkaPortOf } from '@dm/kafka';
import { shopifyAdapterFromEnv } from '@dm/shopify';
import { backgroundConnectionTimeoutMs, createDatabasePool } from '@dm/server-kit';
import { pino } from 'pino';
import { env } from './config/env';
import { createEventStore } from './create-store';
import { startCodeUsageRefresh, startProjectors } from './index';
import { projections } from './projections/index';
import { createReactors } from './reactors/index';
import { startRelay } from './relay/relay';
import { stopOnSignals } from './stop-on-signals';

const logger = pino({ name: 'projectors', level: env.LOG_LEVEL });
const pool = createDatabasePool(env.DATABASE_URL, {
  max: 10,
  connectionTimeoutMs: backgroundConnectionTimeoutMs,
});
// An idle connection dropped by the server (restart, shutdown) is replaced by the pool; unhandled, it would end the process.
pool.on('error', (err) => logger.warn({ err }, 'idle database connection lost'));
const eventStore = createEventStore(pool, env.DATABASE_URL);
// With Kafka the reactors run in the workers (`start:worker`, decision 1500); this process keeps the projections.
const reactors = env.KAFKA_BROKERS
  ? []
  : createReactors({ shopify: shopifyAdapterFromEnv(logger), eventStore, db: pool });
const projectors = startProjectors({ pool, eventStore, projections, reactors, logger });
const usageRefresh = startCodeUsageRefresh({ pool, eventStore, intervalMs: env.CODE_SYNC_USAGE_REFRESH_MS, logger });
// Only with KAFKA_BROKERS: the log is also published to Kafka (decision 1400); without it nothing changes.
const kafka =
  env.KAFKA_BROKERS &&
  kafkaPortOf(env.DM_KAFKA_CLIENT, {
    brokers: env.KAFKA_BROKERS,
    clientId: 'dm-relay',
    confluentDir: env.DM_CONFLUENT_DIR,
  });
const relay = kafka ? startRelay({ pool, eventStore, kafka, logger }) : undefined;
logger.info(
  { projections: projections.length, reactors: reactors.length, kafkaRelay: Boolean(relay) },
  'projectors started',
);

stopOnSignals(logger, async () => {
  await usageRefresh.stop();
  // A batch in flight finishes or rolls back; an effect in flight stays Started and is resumed next time.
  await projectors.stop();
  await relay?.stop();
  await kafka?.close();
  await eventStore.close();
  await pool.end();
});
