// `pnpm start:worker`: a reactor worker. With KAFKA_BROKERS every reactor runs here as a member of its consumer
// group over the store-keyed work topic, so the stores spread over all workers and a dead worker's stores move to
// the others (decision 1500); without it the reactors follow the PostgreSQL log, one active runner each across
// processes. Configured by its environment alone (config/env.ts).
import { kafkaPortOf } from '@dm/kafka';
import { backgroundConnectionTimeoutMs, createDatabasePool } from '@dm/server-kit';
import { pino } from 'pino';
import { env } from './config/env';
import { createEventStore } from './create-store';
import { createReactors } from './reactors/index';
import { startReactors, type ReactorSource } from './reactor-source';
import { shopifyAdapterOfEnv } from './worker-shopify';
import { stopOnSignals } from './stop-on-signals';

const logger = pino({ name: 'worker', level: env.LOG_LEVEL });
const pool = createDatabasePool(env.DATABASE_URL, {
  max: 20,
  connectionTimeoutMs: backgroundConnectionTimeoutMs,
});
pool.on('error', (err) => logger.warn({ err }, 'idle database connection lost'));
const eventStore = createEventStore(pool, env.DATABASE_URL);
const kafka =
  env.KAFKA_BROKERS &&
  kafkaPortOf(env.DM_KAFKA_CLIENT, {
    brokers: env.KAFKA_BROKERS,
    clientId: 'dm-worker',
    confluentDir: env.DM_CONFLUENT_DIR,
  });
const source: ReactorSource = kafka
  ? {
      kind: 'kafka',
      kafka,
      sessionTimeoutMs: env.REACTOR_SESSION_TIMEOUT_MS,
      heartbeatIntervalMs: env.REACTOR_HEARTBEAT_MS,
    }
  : { kind: 'log' };
const reactors = createReactors({
  shopify: shopifyAdapterOfEnv(env, logger),
  eventStore,
  db: pool,
  ...(env.CODES_PUSH_ACCEPTANCE_GRACE_MS === undefined
    ? {}
    : { codesPush: { acceptanceGraceMs: env.CODES_PUSH_ACCEPTANCE_GRACE_MS } }),
});
const running = await startReactors({ pool, eventStore, reactors, logger, source });
logger.info({ reactors: reactors.length, source: source.kind }, 'worker started');

stopOnSignals(logger, async () => {
  // Leaving the groups hands the partitions over at once; an effect in flight stays Started and is resumed.
  await running.stop();
  if (kafka) await kafka.close();
  await eventStore.close();
  await pool.end();
});
