import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCommandBus } from '@dm/command-api/commands';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { migrate } from '@dm/migrations';
import { startEmbeddedPostgres } from '@dm/postgres';
import { createDatabasePool } from '@dm/server-kit';
import { pino } from 'pino';
import { loadConfig } from '../config';
import { databaseName } from '../local-database';
import { ensureDatabase } from '../platform';
import { seedOnEmptyLog } from '../seed-once';
import { childEnvironment } from './config/child-env';

/**
 * `pnpm start:cluster`: the app as replicas on one machine, each role its own process (decision 1409): embedded
 * PostgreSQL, the Shopify emulator, the OpenID provider, two command APIs, two query APIs, two projector
 * processes (and, with KAFKA_BROKERS, three reactor workers) and the gateway spreading requests over the replicas. Data in `<DM_DATA_DIR>/cluster`. Ctrl-C stops all.
 */
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL, name: 'cluster' });
const dataDir = path.join(config.dataDir, 'cluster');
const rolePath = fileURLToPath(new URL('./role.ts', import.meta.url));
const base = config.ports.gateway;
const ports = {
  gateway: base,
  oidc: base + 3,
  shopify: base + 4,
  commandApis: [base + 1, base + 5],
  queryApis: [base + 2, base + 6],
};
const local = (port: number) => `http://127.0.0.1:${port}`;

const children: ChildProcess[] = [];
const stops: (() => Promise<unknown>)[] = [];
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code || 1), 20_000).unref();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const step of stops.reverse()) await step().catch(() => undefined);
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

const startRole = (role: string, env: Record<string, string>) => {
  if (stopping) throw new Error('stopped while starting');
  const child = spawn(process.execPath, ['--import', 'tsx', rolePath], {
    env: childEnvironment({ ...env, ROLE: role }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `Role ${role}${env.REPLICA ? ` ${env.REPLICA}` : ''} left (${signal ?? `exit ${code}`}); stopping the cluster.`,
      );
      void stop(1);
    }
  });
  children.push(child);
  return child;
};
/** Waits until `check` holds, or the cluster stops; a role that cannot start stops the cluster (startRole). */
const until = async (what: string, check: () => Promise<boolean> | boolean) => {
  const deadline = Date.now() + 120_000;
  while (!stopping && !(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not start within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
const healthy = (port: number) => () =>
  fetch(`${local(port)}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

try {
  const started = Date.now();
  mkdirSync(dataDir, { recursive: true });
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), log: (line) => log.debug(line) });
  stops.push(server.stop);
  await ensureDatabase(server.url('postgres'));
  const databaseUrl = server.url(databaseName);
  const db = createDatabasePool(databaseUrl, { max: 4 });
  stops.push(() => db.end());
  await migrate(db);

  const storesFile = path.join(dataDir, 'shopify-stores.json');
  rmSync(storesFile, { force: true });
  const shared = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: config.publicUrl,
    // A new secret per start: only this cluster's gateway may record sign-ins at its command APIs.
    SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    SHOPIFY_URL: local(ports.shopify),
    SHOPIFY_STORES: '[]',
    COMMAND_API_URL: ports.commandApis.map(local).join(','),
    QUERY_API_URL: ports.queryApis.map(local).join(','),
    OIDC_ISSUER: local(ports.oidc),
    LOG_LEVEL: config.LOG_LEVEL,
    PROTECTED_USER_EMAILS: config.PROTECTED_USER_EMAILS.join(','),
    DM_STATIC_DIR: config.DM_STATIC_DIR,
  };
  startRole('shopify', {
    ...shared,
    PORT: String(ports.shopify),
    SHOPIFY_DATA_DIR: path.join(dataDir, 'shopify'),
    SHOPIFY_STORES_FILE: storesFile,
  });
  await until('The Shopify emulator', () => existsSync(storesFile));
  const env = { ...shared, SHOPIFY_STORES: readFileSync(storesFile, 'utf8') };

  // The projectors first: the seed's catalog imports wait for the import reactor's answer.
  for (const replica of ['1', '2']) startRole('projectors', { ...env, REPLICA: replica });
  // With a broker, the reactors run in three workers, their stores spread over them (decision 1500).
  const workers = config.KAFKA_BROKERS ? 3 : 0;
  for (let i = 1; i <= workers; i++) startRole('worker', { ...env, REPLICA: String(i) });
  // The demo world goes in through commands on an empty log, as `pnpm start` does.
  const eventStore = createPostgresEventStore({
    pool: db,
    connectionString: databaseUrl,
    upcast: chainUpcasters(upcasters),
  });
  stops.push(() => eventStore.close());
  const tokens = new Set(
    (JSON.parse(env.SHOPIFY_STORES) as { slug: string; token: string | null }[]).flatMap((s) =>
      s.token ? [s.slug] : [],
    ),
  );
  await seedOnEmptyLog({
    eventStore,
    commands: createCommandBus({ eventStore, hasShopifyToken: (slug) => tokens.has(slug) }),
    catalog: true,
    logger: log.child({ role: 'seed' }),
  });

  startRole('oidc', { ...env, PORT: String(ports.oidc) });
  ports.commandApis.forEach((port, i) =>
    startRole('command-api', { ...env, PORT: String(port), REPLICA: String(i + 1) }),
  );
  ports.queryApis.forEach((port, i) => startRole('query-api', { ...env, PORT: String(port), REPLICA: String(i + 1) }));
  for (const port of [...ports.commandApis, ...ports.queryApis])
    await until(`The service on port ${port}`, healthy(port));
  startRole('gateway', { ...env, PORT: String(ports.gateway) });
  await until('The gateway', healthy(ports.gateway));

  console.log(
    `Discount Manager is running as a cluster of ${children.length} processes (data in ${dataDir}; started in ${Date.now() - started} ms).`,
  );
  console.log(
    `Command APIs ${env.COMMAND_API_URL}; query APIs ${env.QUERY_API_URL}; two projector processes${workers ? `; ${workers} reactor workers on Kafka ${config.KAFKA_BROKERS}` : ''}; Shopify emulator ${env.SHOPIFY_URL}.`,
  );
  console.log('Sign in as super@demo.test, admin@demo.test, manager@demo.test or user@demo.test, password demo.');
  console.log(config.publicUrl);
} catch (error) {
  console.error(`Could not start the cluster: ${(error as Error).message}`);
  await stop(1);
}
