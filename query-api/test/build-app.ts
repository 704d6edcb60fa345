import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import type { PermissionLevel } from '@dm/events';
import { createTestDatabase } from '@dm/postgres/testing';
import { projections, startProjectors } from '@dm/projectors';
import { createSession } from '@dm/server-kit';
import type { ShopifyAdapter } from '@dm/shopify';
import pino from 'pino';
import { buildApp } from '../src/app';

/** The real query API on a fresh database; data arrives as commands → events → the real projectors. */
export const buildTestApp = async (options: { shopify?: ShopifyAdapter; shopifyTimeLimitMs?: number } = {}) => {
  const db = await createTestDatabase();
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const commands = createCommandBus({ eventStore });
  const protectedEmails = ['protected@x.test'];
  const app = await buildApp({
    db: db.pool,
    publicUrl: 'http://localhost:3000',
    projections,
    logLevel: 'silent',
    protectedEmails,
    ...(options.shopify ? { shopify: options.shopify } : {}),
    ...(options.shopifyTimeLimitMs ? { shopifyTimeLimitMs: options.shopifyTimeLimitMs } : {}),
  });
  const startRunners = () =>
    startProjectors({
      pool: db.pool,
      eventStore,
      projections,
      reactors: [],
      logger: pino({ level: 'silent' }),
      tuning: { pollMs: 50 },
    });
  let projectors = startRunners();

  const signIn = async (email: string, level: PermissionLevel, brandIds: number[]) => {
    await commands.grantPermission({ email, permissionLevel: level, brandIds }, systemActor);
    await projectors.waitForIdle();
    const token = await createSession(db.pool, {
      email,
      userId: email,
      firstName: 'First',
      lastName: 'Last',
      profileImageUrl: null,
      idToken: null,
    });
    return { cookie: `dm_session=${token}` };
  };

  return {
    app,
    db,
    commands,
    signIn,
    waitForProjections: () => projectors.waitForIdle(),
    pauseProjections: () => projectors.stop(),
    resumeProjections: () => {
      projectors = startRunners();
    },
    close: async () => {
      await projectors.stop();
      await app.close();
      await eventStore.close();
      await db.drop();
    },
  };
};
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
