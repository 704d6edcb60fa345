import { createPostgresEventStore } from '@dm/event-store';
import { ConflictError, type PermissionLevel } from '@dm/events';
import { createTestDatabase } from '@dm/postgres/testing';
import { projections, startProjectors } from '@dm/projectors';
import { createSession, type App } from '@dm/server-kit';
import type pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app';
import { systemActor } from '../src/command-bus';

export const publicUrl = 'http://localhost:3000';
/** What the gateway presents on service routes (`POST /internal/sign-ins`). */
export const serviceToken = 'test-service-token-of-at-least-32-chars';

/** The real command API on a fresh embedded database, with the real projectors building the read models. */
export const buildTestApp = async (
  options: { protectedEmails?: readonly string[]; hasShopifyToken?: (slug: string) => boolean } = {},
) => {
  const db = await createTestDatabase();
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const protectedEmails = options.protectedEmails ?? ['protected@x.test'];
  const app = await buildApp({
    db: db.pool,
    publicUrl,
    eventStore,
    logLevel: 'silent',
    protectedEmails,
    serviceToken,
    // Every store holds its token unless a test says otherwise (the environment of a test run holds none).
    hasShopifyToken: options.hasShopifyToken ?? (() => true),
  });
  const projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: [],
    logger: pino({ level: 'silent' }),
    tuning: { pollMs: 50 },
  });

  const seedBrands = async (...names: string[]) => {
    for (const name of names) await app.commands.registerBrand(name).catch(ignoreConflict);
    await projectors.waitForIdle();
  };

  const signIn = signInWith(app, db.pool, projectors);

  const eventCount = async () =>
    Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events')).rows[0]!.n);

  const close = async () => {
    await projectors.stop();
    await app.close();
    await eventStore.close();
    await db.drop();
  };
  return { app, db, eventStore, projectors, seedBrands, signIn, eventCount, close };
};

const ignoreConflict = (error: unknown) => {
  if (!(error instanceof ConflictError)) throw error;
};

/** A signed-in person: a permission granted by the system, projected, and a session cookie. */
export const signInWith =
  (app: App, pool: pg.Pool, projectors: { waitForIdle: () => Promise<void> }) =>
  async (email: string, level: PermissionLevel, brandIds: number[] = [1]) => {
    await app.commands.grantPermission({ email, permissionLevel: level, brandIds }, systemActor).catch(ignoreConflict);
    await projectors.waitForIdle();
    const token = await createSession(pool, {
      email,
      userId: `user-${email}`,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      idToken: null,
    });
    return { cookie: `dm_session=${token}`, origin: publicUrl };
  };

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
