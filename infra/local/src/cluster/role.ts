// One role of `pnpm start:cluster` in its own process (cluster.ts starts each with its environment). Built from
// the same parts as `pnpm start` (platform.ts), apart: each role could run on another host with the same settings.
import { buildApp as buildCommandApi } from '@dm/command-api/build-app';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { buildApp as buildGateway } from '@dm/gateway/build-app';
import { kafkaPortOf } from '@dm/kafka';
import {
  createReactors,
  projections,
  startCodeUsageRefresh,
  startProjectors,
  startReactors,
  startRelay,
} from '@dm/projectors';
import { buildApp as buildQueryApi } from '@dm/query-api/build-app';
import { backgroundConnectionTimeoutMs, createDatabasePool } from '@dm/server-kit';
import { writeFileSync } from 'node:fs';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import { pino } from 'pino';
import { demoAccounts, demoStores } from '../demo-world';
import { demoOidcClient, startOidcProvider } from '../oidc-provider';
import { roleSettings, storesOf } from './settings';

const env = roleSettings();
const log = pino({ level: env.LOG_LEVEL, name: `${env.ROLE}${env.REPLICA ? `-${env.REPLICA}` : ''}` });
const stops: (() => Promise<unknown>)[] = [];

const database = () => {
  const background = env.ROLE === 'projectors' || env.ROLE === 'worker';
  const db = createDatabasePool(env.DATABASE_URL, {
    max: 10,
    ...(background ? { connectionTimeoutMs: backgroundConnectionTimeoutMs } : {}),
  });
  db.on('error', (err) => log.warn({ err }, 'idle database connection lost'));
  stops.push(() => db.end());
  return db;
};
const shopifyAdapter = () =>
  createShopifyAdapter({ stores: storesOf(env), emulatorUrl: env.SHOPIFY_URL, logger: log.child({ role: 'shopify' }) });
const eventStoreOn = (db: ReturnType<typeof database>) => {
  const store = createPostgresEventStore({
    pool: db,
    connectionString: env.DATABASE_URL,
    upcast: chainUpcasters(upcasters),
  });
  stops.unshift(() => store.close());
  return store;
};
const listen = async (app: {
  listen(o: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
}) => {
  await app.listen({ port: env.PORT, host: env.HOST ?? (env.ROLE === 'gateway' ? '0.0.0.0' : '127.0.0.1') });
  stops.unshift(() => app.close());
};

const common = { publicUrl: env.PUBLIC_URL, logLevel: env.LOG_LEVEL, protectedEmails: env.PROTECTED_USER_EMAILS };
switch (env.ROLE) {
  case 'command-api': {
    const db = database();
    const hasShopifyToken = (slug: string) => storesOf(env).some((s) => s.slug === slug && s.token);
    const eventStore = eventStoreOn(db);
    const app = await buildCommandApi({
      db,
      eventStore,
      ...common,
      hasShopifyToken,
      serviceToken: env.SERVICE_TOKEN,
      sessionCache: true,
    });
    await listen(app);
    break;
  }
  case 'query-api': {
    const app = await buildQueryApi({
      db: database(),
      ...common,
      projections,
      shopify: shopifyAdapter(),
      sessionCache: true,
    });
    await listen(app);
    break;
  }
  case 'projectors': {
    const db = database();
    const eventStore = eventStoreOn(db);
    // With Kafka the reactors run in the worker roles as consumer groups (decision 1500).
    const reactors = env.KAFKA_BROKERS?.length ? [] : createReactors({ shopify: shopifyAdapter(), eventStore, db });
    const running = startProjectors({ pool: db, eventStore, projections, reactors, logger: log });
    const usage = startCodeUsageRefresh({ pool: db, eventStore, intervalMs: 600_000, logger: log });
    stops.unshift(
      () => running.stop(),
      () => usage.stop(),
    );
    // With KAFKA_BROKERS the log is also published to Kafka, one relay active across the projector roles.
    if (env.KAFKA_BROKERS?.length) {
      const kafka = kafkaPortOf(env.DM_KAFKA_CLIENT, {
        brokers: env.KAFKA_BROKERS,
        clientId: 'dm-relay',
        confluentDir: env.DM_CONFLUENT_DIR,
      });
      const relay = startRelay({ pool: db, eventStore, kafka, logger: log });
      stops.unshift(() => relay.stop());
    }
    break;
  }
  case 'worker': {
    if (!env.KAFKA_BROKERS?.length) throw new Error('A worker role needs KAFKA_BROKERS.');
    const db = database();
    const eventStore = eventStoreOn(db);
    const kafka = kafkaPortOf(env.DM_KAFKA_CLIENT, {
      brokers: env.KAFKA_BROKERS,
      clientId: 'dm-worker',
      confluentDir: env.DM_CONFLUENT_DIR,
    });
    const reactors = createReactors({ shopify: shopifyAdapter(), eventStore, db });
    const source = { kind: 'kafka' as const, kafka, sessionTimeoutMs: env.REACTOR_SESSION_TIMEOUT_MS };
    const running = await startReactors({ pool: db, eventStore, reactors, logger: log, source });
    stops.unshift(
      () => running.stop(),
      () => kafka.close(),
    );
    break;
  }
  case 'shopify': {
    const emulator = await startShopifyEmulator({
      port: env.PORT,
      host: env.HOST ?? '127.0.0.1',
      dataDir: env.SHOPIFY_DATA_DIR ?? null,
      shops: demoStores,
      logger: log,
    });
    stops.push(() => emulator.stop());
    // The other roles reach the demo stores with these (cluster.ts passes them on as SHOPIFY_STORES).
    const stores = demoStores.map(({ slug }) => ({
      slug,
      domain: shopDomainOf(slug),
      token: emulator.tokens[slug] ?? null,
      functionId: emulator.functionIds[slug] ?? null,
    }));
    if (env.SHOPIFY_STORES_FILE) writeFileSync(env.SHOPIFY_STORES_FILE, JSON.stringify(stores));
    break;
  }
  case 'oidc': {
    const provider = await startOidcProvider({
      port: env.PORT,
      host: env.HOST ?? '127.0.0.1',
      issuer: env.OIDC_ISSUER,
      clients: [demoOidcClient(env.PUBLIC_URL)],
      accounts: demoAccounts,
    });
    stops.push(provider.close);
    break;
  }
  case 'gateway': {
    const client = demoOidcClient(env.PUBLIC_URL);
    const app = await buildGateway({
      db: database(),
      publicUrl: env.PUBLIC_URL,
      commandApiUrl: env.COMMAND_API_URL,
      queryApiUrl: env.QUERY_API_URL,
      serviceToken: env.SERVICE_TOKEN,
      oidc: { issuer: env.OIDC_ISSUER, clientId: client.clientId, clientSecret: client.clientSecret },
      staticDir: env.DM_STATIC_DIR,
      logLevel: env.LOG_LEVEL,
    });
    await listen(app);
    break;
  }
}
log.info('started');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => process.exit(1), 10_000).unref();
    void (async () => {
      for (const stop of stops) await stop().catch((err: unknown) => log.warn({ err }, 'stop step failed'));
      process.exit(0);
    })();
  });
}
