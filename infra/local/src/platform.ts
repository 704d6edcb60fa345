import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createCommandBus, refoldLedger } from '@dm/command-api/commands';
import { buildApp as buildCommandApi } from '@dm/command-api/build-app';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { buildApp as buildGateway } from '@dm/gateway/build-app';
import { migrate } from '@dm/migrations';
import { startEmbeddedPostgres } from '@dm/postgres';
import { createReactors, projections, startCodeUsageRefresh, startProjectors } from '@dm/projectors';
import { buildApp as buildQueryApi } from '@dm/query-api/build-app';
import { createDatabasePool } from '@dm/server-kit';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import pg from 'pg';
import type { Logger } from 'pino';
import type { LocalConfig } from './config';
import { demoAccounts, demoStores } from './demo-world';
import { demoOidcClient, startOidcProvider } from './oidc-provider';
import { databaseName, publishDatabaseUrl, withdrawDatabaseUrl } from './local-database';
import { seedOnEmptyLog } from './seed-once';

export interface RunningPlatform {
  readonly url: string;
  readonly shopifyUrl: string;
  /** Where the embedded server keeps the database; null with DATABASE_URL. */
  readonly databaseDir: string | null;
  readonly stop: () => Promise<void>;
}

/** Creates the app's database on a fresh embedded server (also used by the cluster start). */
export const ensureDatabase = async (adminUrl: string) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
};

/** Brings every role up in order, stopping what already started if a later one fails. */
export const startPlatform = async (config: LocalConfig, log: Logger): Promise<RunningPlatform> => {
  const stops: (() => Promise<unknown>)[] = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    for (const stop of stops.reverse())
      await stop().catch((error: unknown) => log.warn({ err: error }, 'stop step failed'));
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    let databaseDir: string | null = null;
    if (!databaseUrl) {
      const server = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'pg'),
        log: (line) => log.debug(line),
      });
      stops.push(server.stop);
      databaseDir = server.dataDir;
      await ensureDatabase(server.url('postgres'));
      databaseUrl = server.url(databaseName);
      publishDatabaseUrl(config, databaseUrl);
      stops.push(async () => withdrawDatabaseUrl(config));
    }
    const db = createDatabasePool(databaseUrl, { max: 30 });
    // An idle connection dropped by the server (restart, shutdown) is replaced by the pool; unhandled, it would end the process.
    // On Ctrl-C the embedded server gets the signal too and may close connections first: expected then.
    db.on('error', (err) =>
      stopping
        ? log.debug({ err }, 'database closed while stopping')
        : log.warn({ err }, 'idle database connection lost'),
    );
    stops.push(() => db.end());
    await migrate(db);

    const eventStore = createPostgresEventStore({
      pool: db,
      connectionString: databaseUrl,
      upcast: chainUpcasters(upcasters),
    });
    stops.push(() => eventStore.close());
    const refolded = await refoldLedger(eventStore, db);
    if (refolded.moved > 0 || refolded.clashes.length > 0) log.warn({ refolded }, 'code reservations refolded');
    // The demo's Shopify: real stores are a configuration change (the store's token variable).
    const shopify = await startShopifyEmulator({
      port: config.ports.shopify,
      host: '127.0.0.1',
      dataDir: path.join(config.dataDir, 'shopify'),
      shops: demoStores,
      logger: log.child({ role: 'shopify-emulator' }),
    });
    stops.push(() => shopify.stop());
    // Reactors reach the emulator through the same adapter as production, with the emulator's tokens.
    const adapter = createShopifyAdapter({
      stores: demoStores.map((s) => ({
        slug: s.slug,
        domain: shopDomainOf(s.slug),
        token: shopify.tokens[s.slug] ?? null,
        // Locally the emulator plays the company's app: its demo shops have the discount Function deployed.
        functionId: shopify.functionIds[s.slug] ?? null,
      })),
      emulatorUrl: shopify.url,
      logger: log.child({ role: 'shopify-adapter' }),
    });
    const hasShopifyToken = (slug: string) => slug in shopify.tokens;
    const reactors = createReactors({ shopify: adapter, eventStore, db });
    const running = startProjectors({
      pool: db,
      eventStore,
      projections,
      reactors,
      logger: log.child({ role: 'projectors' }),
    });
    stops.push(() => running.stop());
    const usageRefresh = startCodeUsageRefresh({
      pool: db,
      eventStore,
      intervalMs: 600_000,
      logger: log.child({ role: 'code-usage-refresh' }),
    });
    stops.push(() => usageRefresh.stop());

    const logLevel = config.LOG_LEVEL;
    const listen = async (app: Awaited<ReturnType<typeof buildCommandApi>>, port: number) => {
      await app.listen({ port, host: '127.0.0.1' });
      stops.push(() => app.close());
    };
    const protectedEmails = config.PROTECTED_USER_EMAILS;
    // A new secret per start: only this process's gateway may record sign-ins at this command API.
    const serviceToken = randomBytes(32).toString('base64url');
    await listen(
      await buildCommandApi({
        db,
        publicUrl: config.publicUrl,
        eventStore,
        logLevel,
        protectedEmails,
        hasShopifyToken,
        serviceToken,
        sessionCache: true,
      }),
      config.ports.commandApi,
    );
    await listen(
      await buildQueryApi({
        db,
        publicUrl: config.publicUrl,
        projections,
        logLevel,
        protectedEmails,
        shopify: adapter,
        sessionCache: true,
      }),
      config.ports.queryApi,
    );

    const client = demoOidcClient(config.publicUrl);
    const oidc = await startOidcProvider({ port: config.ports.oidc, clients: [client], accounts: demoAccounts });
    stops.push(oidc.close);

    const commands = createCommandBus({ eventStore, hasShopifyToken });
    await seedOnEmptyLog({ eventStore, commands, catalog: true, logger: log.child({ role: 'seed' }) });

    const gateway = await buildGateway({
      db,
      publicUrl: config.publicUrl,
      commandApiUrl: `http://127.0.0.1:${config.ports.commandApi}`,
      queryApiUrl: `http://127.0.0.1:${config.ports.queryApi}`,
      serviceToken,
      oidc: { issuer: oidc.issuer, clientId: client.clientId, clientSecret: client.clientSecret },
      staticDir: config.DM_STATIC_DIR,
      logLevel,
    });
    await gateway.listen({ port: config.ports.gateway, host: '0.0.0.0' });
    stops.push(() => gateway.close());
    return { url: config.publicUrl, shopifyUrl: shopify.url, databaseDir, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
