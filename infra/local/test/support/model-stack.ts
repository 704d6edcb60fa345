import { buildApp as buildCommandApi } from '@dm/command-api/build-app';
import { createCommandBus } from '@dm/command-api/commands';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { createTestDatabase } from '@dm/postgres/testing';
import { createReactors, projections, startProjectors, type Projectors } from '@dm/projectors';
import { buildApp as buildQueryApi } from '@dm/query-api/build-app';
import { createSession } from '@dm/server-kit';
import {
  createShopifyAdapter,
  shopDomainOf,
  startShopifyEmulator,
  type ShopifyEmulator,
  type StoreConfig,
} from '@dm/shopify';
import { pino } from 'pino';
import { demoStores } from '../../src/demo-world';
import { seedOnEmptyLog } from '../../src/seed-once';
import { startChildProjectors, type ChildProjectors } from './child-projectors';
import { fastPolicy, projectorTuning } from './projector-settings';

const publicUrl = 'http://localhost:3000';
const silent = pino({ level: 'silent' });

const listen = async (app: Awaited<ReturnType<typeof buildCommandApi>>) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/**
 * The stack the model-based test drives, each part real: a fresh database seeded as `pnpm start` seeds it (demo
 * stores and catalog), the Shopify emulator over HTTP (its faults, scheduler and state in reach of the test), the
 * command and query APIs on real ports, and the projectors (projections and every reactor) either in this process
 * (stopped and started again) or as a child process the test may SIGKILL.
 */
export const startModelStack = async () => {
  const db = await createTestDatabase({ max: 20 });
  const eventStore = createPostgresEventStore({
    pool: db.pool,
    connectionString: db.url,
    upcast: chainUpcasters(upcasters),
  });
  const emulator: ShopifyEmulator = await startShopifyEmulator({ shops: demoStores, codesPerShop: 20, logger: silent });
  const stores: StoreConfig[] = demoStores.map((s) => ({
    slug: s.slug,
    domain: shopDomainOf(s.slug),
    token: emulator.tokens[s.slug] ?? null,
    functionId: emulator.functionIds[s.slug] ?? null,
  }));
  const shopify = createShopifyAdapter({ stores, emulatorUrl: emulator.url, policy: fastPolicy, logger: silent });
  const hasShopifyToken = (slug: string) => slug in emulator.tokens;

  let inProcess: Projectors | null = null;
  let child: ChildProjectors | null = null;
  const startInProcess = () => {
    inProcess ??= startProjectors({
      pool: db.pool,
      eventStore,
      projections,
      reactors: createReactors({ shopify, eventStore, db: db.pool }),
      logger: silent,
      tuning: projectorTuning,
    });
  };
  const stopInProcess = async () => {
    await inProcess?.stop();
    inProcess = null;
  };
  startInProcess();

  const commandApi = await buildCommandApi({
    db: db.pool,
    publicUrl,
    eventStore,
    logLevel: 'silent',
    hasShopifyToken,
  });
  const queryApi = await buildQueryApi({ db: db.pool, publicUrl, projections, logLevel: 'silent', shopify });
  const commandUrl = await listen(commandApi);
  const queryUrl = await listen(queryApi);
  const commands = createCommandBus({ eventStore, hasShopifyToken });
  await seedOnEmptyLog({ eventStore, commands, catalog: true, logger: silent });
  await inProcess!.waitForIdle();
  const token = await createSession(db.pool, {
    email: 'admin@demo.test',
    userId: 'user-admin@demo.test',
    firstName: 'Ada',
    lastName: 'Admin',
    profileImageUrl: null,
    idToken: null,
  });

  return {
    db,
    eventStore,
    emulator,
    stores,
    commandUrl,
    queryUrl,
    session: { cookie: `dm_session=${token}`, origin: publicUrl },
    get projectorsMode(): 'in-process' | 'child' | 'stopped' {
      return inProcess ? 'in-process' : child ? 'child' : 'stopped';
    },
    /** Stops the projectors as a deploy would (batches finish or roll back, effects in flight stay Started). */
    restartInProcess: async () => {
      await stopInProcess();
      startInProcess();
    },
    /** From here on the projectors run in a child process, which `killChild` SIGKILLs. */
    toChild: async () => {
      await stopInProcess();
      child ??= startChildProjectors({ databaseUrl: db.url, shopifyUrl: emulator.url, stores });
    },
    /** SIGKILL mid-work, then a new child: what the crash left half done is the new one's to resume. */
    killChild: async () => {
      await child?.kill();
      child = startChildProjectors({ databaseUrl: db.url, shopifyUrl: emulator.url, stores });
    },
    /** Back to projectors in this process (a child is stopped with SIGTERM first), and waits for them to idle. */
    inProcessIdle: async () => {
      if (child) {
        await child.stop();
        child = null;
      }
      startInProcess();
      await inProcess!.waitForIdle();
    },
    childOutput: () => child?.stderr() ?? '',
    close: async () => {
      await child?.kill();
      await stopInProcess();
      await commandApi.close();
      await queryApi.close();
      await eventStore.close();
      emulator.faults.clear();
      emulator.scheduler.resume();
      await emulator.stop();
      await db.drop();
    },
  };
};

export type ModelStack = Awaited<ReturnType<typeof startModelStack>>;
