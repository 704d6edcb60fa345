import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { brokerClasspath, ensureJavaAndMaven } from '@dm/kafka/testing';
import type { StoreConfig } from '@dm/shopify';
import pg from 'pg';
import { demoBrands } from '../../src/demo-world';
import { seedDemoWorld } from '../../src/seed';
import { certificatesFor } from './certificates';
import { startHostProcess, type HostProcess } from './host-process';
import { createTopology, type Topology } from './network';
import { topologyStores } from './stores';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const rolePath = here('../../src/cluster/role.ts');
/** Every role listens on this port on its own host: each host has its own network stack, so nothing clashes. */
const port = 3000;
export const replicaRoles = [
  'command-1',
  'command-2',
  'query-1',
  'query-2',
  'projectors-1',
  'projectors-2',
  'worker-1',
  'worker-2',
  'worker-3',
] as const;
export const workerRoles = ['worker-1', 'worker-2', 'worker-3'] as const;
const roles = ['postgres', 'kafka', 'shopify', 'oidc', ...replicaRoles, 'gateway'] as const;
type Role = (typeof roles)[number];
const processRole: Record<string, string> = {
  command: 'command-api',
  query: 'query-api',
  projectors: 'projectors',
  worker: 'worker',
};
/** Every process reading or writing the broker. */
const onKafka = new Set(['projectors', 'worker']);

/**
 * The cluster of `pnpm start:cluster` with every role on a host of its own (decision 1510): PostgreSQL, the Kafka
 * broker and the Shopify emulator with 30 stores from small host scripts (`hosts/`), and the OpenID provider, two
 * command APIs, two query APIs, two projector processes (relay and projections), three reactor workers (consumer
 * groups over the broker, decision 1500) and the gateway from
 * `role.ts`, the same program the cluster runs. The demo world and 27 more stores go in through commands.
 */
export const startClusterOnHosts = async () => {
  const began = Date.now();
  const progress = (what: string) => console.log(`topology +${Date.now() - began} ms: ${what}`);
  // Here, before any host exists: the hosts' private network reaches neither Debian's mirrors nor Maven Central.
  ensureJavaAndMaven();
  await brokerClasspath();
  const topology: Topology = createTopology(roles);
  const address = (role: Role) => topology.host(role).address;
  const url = (role: Role) => `http://${address(role)}:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dm-topology-'));
  // As root PostgreSQL runs as `postgres`: let it reach its data here, so that removing this folder removes it.
  chmodSync(dataDir, 0o755);
  writeFileSync(path.join(dataDir, 'index.html'), '<!DOCTYPE html><title>Discount Manager</title>');
  const tls = certificatesFor(dataDir, address('oidc'));
  const running = new Map<string, HostProcess>();
  const closers: (() => Promise<unknown>)[] = [];
  const start = (role: Role, script: string, env: Record<string, string>) => {
    const started = startHostProcess(topology, role, script, {
      HOST_ADDRESS: address(role),
      HOST: address(role),
      ...env,
    });
    running.set(role, started);
    return started;
  };
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
    await Promise.all([...running.values()].map((p) => p.kill()));
    topology.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const [database, kafka, shopify] = await Promise.all([
      start('postgres', here('./hosts/postgres-host.ts'), {
        DATA_DIR: path.join(dataDir, 'pg'),
        CLIENTS: `${topology.rootAddress}/24`,
      }).ready,
      start('kafka', here('./hosts/kafka-host.ts'), {}).ready,
      start('shopify', here('./hosts/shopify-host.ts'), { PORT: String(port) }).ready,
    ]);
    const stores = shopify.stores as StoreConfig[];
    const env = {
      DATABASE_URL: String(database.url),
      PUBLIC_URL: url('gateway'),
      SERVICE_TOKEN: randomBytes(32).toString('base64url'),
      SHOPIFY_URL: String(shopify.url),
      SHOPIFY_STORES: JSON.stringify(stores),
      COMMAND_API_URL: [url('command-1'), url('command-2')].join(','),
      QUERY_API_URL: [url('query-1'), url('query-2')].join(','),
      // HTTPS: the gateway takes a plain-HTTP provider on loopback only, and this one is another host.
      OIDC_ISSUER: `https://${address('oidc')}:${port}`,
      DM_STATIC_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PORT: String(port),
    };
    const startRole = (role: Role) => {
      const [kind = '', replica = ''] = role.split('-');
      return start(role, rolePath, {
        ...env,
        ROLE: processRole[kind] ?? role,
        ...(replica ? { REPLICA: replica } : {}),
        ...(onKafka.has(kind) ? { KAFKA_BROKERS: String(kafka.brokers) } : {}),
      });
    };
    const healthy = async (role: Role) => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const ok = await fetch(`${url(role)}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (!running.get(role)?.running)
          throw new Error(`${role} stopped: ${running.get(role)?.output().slice(-2000)}`);
        if (Date.now() > deadline) throw new Error(`${role} did not answer /healthz within 2 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
    pool.on('error', () => undefined);
    closers.push(() => pool.end());
    // The projectors and the workers first: the catalog imports below wait for the import reactor's answer.
    for (const role of ['projectors-1', 'projectors-2', ...workerRoles] as const) startRole(role);
    progress(`hosts up: PostgreSQL, Kafka, Shopify (${stores.length} stores)`);
    await seedStores(pool, env.DATABASE_URL, stores);
    progress("demo world, 27 more stores and every Aurora store's products seeded");
    const oidc = start('oidc', here('./hosts/oidc-host.ts'), {
      ...env,
      TLS_KEY_FILE: tls.keyFile,
      TLS_CERT_FILE: tls.certFile,
    });
    for (const role of ['command-1', 'command-2', 'query-1', 'query-2'] as const) startRole(role);
    await oidc.ready;
    for (const role of ['command-1', 'command-2', 'query-1', 'query-2'] as const) await healthy(role);
    start('gateway', rolePath, { ...env, ROLE: 'gateway', NODE_EXTRA_CA_CERTS: tls.caFile });
    await healthy('gateway');
    progress('every role up');
    return {
      topology,
      pool,
      databaseUrl: env.DATABASE_URL,
      publicUrl: url('gateway'),
      inspectUrl: String(shopify.inspectUrl),
      brokers: String(kafka.brokers).split(','),
      /** The authority that signed the OpenID provider's certificate: a browser of the staff trusts it. */
      ca: tls.ca,
      stores,
      process: (role: string) => running.get(role)!,
      /** A new process of the role on its own host, as a supervisor would start after a crash. */
      restart: async (role: (typeof replicaRoles)[number]) => {
        await running.get(role)?.kill();
        startRole(role);
        if (!role.startsWith('projectors') && !role.startsWith('worker')) await healthy(role);
      },
      close,
    };
  } catch (error) {
    const said = [...running.values()].filter((p) => !p.running).map((p) => `${p.role}: ${p.output().slice(-1500)}`);
    await close();
    throw new Error(`${(error as Error).message}\n${said.join('\n')}`, { cause: error });
  }
};

export type ClusterOnHosts = Awaited<ReturnType<typeof startClusterOnHosts>>;

/** The demo world, 27 more Aurora stores in the UK, and every Aurora store's products imported from its shop. */
const seedStores = async (pool: pg.Pool, databaseUrl: string, stores: readonly StoreConfig[]) => {
  const eventStore = createPostgresEventStore({
    pool,
    connectionString: databaseUrl,
    upcast: chainUpcasters(upcasters),
  });
  try {
    const tokens = new Set(stores.flatMap((s) => (s.token ? [s.slug] : [])));
    // The seed waits for each import to end, not the 30 s an HTTP caller waits before its 202: on a loaded machine the
    // first import waits for the workers to start and join their groups (the test's own timeout bounds the wait).
    const commands = createCommandBus({
      eventStore,
      hasShopifyToken: (slug) => tokens.has(slug),
      importWaitMs: 180_000,
    });
    await seedDemoWorld(commands);
    const locations = await commands.readLocations();
    const uk = [...locations.countries.values()].find((c) => c.code === 'GB');
    const aurora = demoBrands[0]!;
    const existing = new Set([...locations.stores.values()].map((s) => s.urlSlug));
    for (const { slug } of topologyStores.filter((s) => !existing.has(s.slug))) {
      await commands.createStore(
        { urlSlug: slug, brandId: aurora.id, brandName: aurora.name, countryId: uk!.id },
        systemActor,
      );
    }
    const slugs = new Set(topologyStores.map((s) => s.slug));
    const importing = [...(await commands.readLocations()).stores.values()].filter((s) => slugs.has(s.urlSlug));
    const importProducts = async (store: (typeof importing)[number]) => {
      const { outcome } = await commands.importCatalog(
        { kind: 'products', brandId: aurora.id, storeId: store.id },
        systemActor,
      );
      if (!outcome.finished)
        throw new Error(`The product import of ${store.urlSlug} did not finish while the seed waited`);
    };
    // The first alone (it waits for the workers to join their groups), the others a few at a time: each import is
    // its own stream, done by the worker holding its store.
    const [first, ...rest] = importing;
    if (first) await importProducts(first);
    const lanes = 6;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let i = lane; i < rest.length; i += lanes) await importProducts(rest[i]!);
      }),
    );
  } finally {
    await eventStore.close();
  }
};
