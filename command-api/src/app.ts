import { chainUpcasters, createPostgresEventStore, type EventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { createServer, type App } from '@dm/server-kit';
import type pg from 'pg';
import { createCommandBus, type CommandBus } from './command-bus';
import { authRoutes } from './features/auth/routes';
import { catalogRoutes } from './features/catalog/routes';
import { bulkCodesRoutes } from './features/discount-codes/bulk-routes';
import { discountCodesRoutes } from './features/discount-codes/routes';
import type { ImportJobDeps } from './features/discount-codes/import-job-runner';
import { startImportJobWorker, type ImportJobWorkerOptions } from './features/discount-codes/import-job-worker';
import { importJobsStore } from './features/discount-codes/import-jobs-store';
import { discountsRoutes } from './features/discounts/routes';
import { codeSyncRoutes } from './features/code-sync/routes';
import { discountDriftRoutes } from './features/discount-drift/routes';
import { locationsRoutes } from './features/locations/routes';
import { usersRoutes } from './features/users/routes';
import { idempotentAnswers } from './shared/idempotent-answers';

declare module 'fastify' {
  interface FastifyInstance {
    commands: CommandBus;
    importJobs: ImportJobDeps;
  }
}

export interface CommandApiOptions {
  readonly db: pg.Pool;
  readonly publicUrl: string;
  readonly eventStore?: EventStore;
  readonly now?: () => Date;
  readonly newId?: () => string;
  readonly logLevel?: string;
  /** PROTECTED_USER_EMAILS: people nobody may edit or delete. */
  readonly protectedEmails?: readonly string[];
  /** Whether a store's Shopify token is configured (catalog imports); default: its environment variable. */
  readonly hasShopifyToken?: (slug: string) => boolean;
  /** How long an import call waits before answering 202 (default 30 s). */
  readonly importWaitMs?: number;
  /** SERVICE_TOKEN: the gateway presents it to record sign-ins; without it nobody can sign in. */
  readonly serviceToken?: string;
  /** Cache sessions, revoked everywhere through LISTEN/NOTIFY (decision 1407); the servers turn it on. */
  readonly sessionCache?: boolean;
  /** How this replica looks for CSV import jobs whose runner is gone (decision 1485). */
  readonly importJobWorker?: ImportJobWorkerOptions;
}

/** The command API: validates, authorises, decides and appends. It never writes read models. */
export const buildApp = async (options: CommandApiOptions): Promise<App> => {
  const app = await createServer({
    name: 'command-api',
    db: options.db,
    allowedOrigins: [options.publicUrl],
    secureCookies: options.publicUrl.startsWith('https:'),
    logLevel: options.logLevel ?? 'info',
    ...(options.serviceToken ? { serviceToken: options.serviceToken } : {}),
    ...(options.sessionCache ? { sessionCache: true } : {}),
  });
  const eventStore =
    options.eventStore ??
    createPostgresEventStore({ pool: options.db, autocommit: app.pipelined, upcast: chainUpcasters(upcasters) });
  app.decorate(
    'commands',
    createCommandBus({
      eventStore,
      db: options.db,
      ...(options.now ? { now: options.now } : {}),
      ...(options.newId ? { newId: options.newId } : {}),
      ...(options.protectedEmails ? { protectedEmails: options.protectedEmails } : {}),
      ...(options.hasShopifyToken ? { hasShopifyToken: options.hasShopifyToken } : {}),
      ...(options.importWaitMs === undefined ? {} : { importWaitMs: options.importWaitMs }),
    }),
  );
  const importJobs: ImportJobDeps = {
    db: options.db,
    jobs: importJobsStore(options.db),
    eventStore,
    prepareCodesImport: app.commands.prepareCodesImport,
    log: app.log,
  };
  app.decorate('importJobs', importJobs);
  const importJobWorker = startImportJobWorker(importJobs, options.importJobWorker);
  app.addHook('onClose', () => importJobWorker.stop());
  if (!options.eventStore) app.addHook('onClose', () => eventStore.close());
  idempotentAnswers(app);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(locationsRoutes);
  await app.register(catalogRoutes);
  await app.register(discountsRoutes);
  await app.register(codeSyncRoutes);
  await app.register(discountDriftRoutes);
  await app.register(discountCodesRoutes);
  await app.register(bulkCodesRoutes);
  return app;
};
