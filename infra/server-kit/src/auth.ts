import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Queries } from './pipelined-queries';
import type { SessionCache } from './session-cache';
import { defaultSessionTimeouts, findSessionUser, type SessionTimeouts, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** `__Host-` pins the cookie to our origin over HTTPS; plain HTTP (local) cannot use the prefix. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-dm_session' : 'dm_session');

export interface AuthOptions {
  readonly db: pg.Pool;
  readonly secureCookies: boolean;
  readonly timeouts?: SessionTimeouts;
  /** Where the per-request session lookup runs; the pool when absent. */
  readonly pipelined?: Queries;
  /** Sessions looked up recently, forgotten when revoked anywhere (decision 1407); every lookup reads the database without it. */
  readonly cache?: SessionCache;
}

/** Sets `request.user` from the session cookie (null when signed out); the policy plugin decides access. */
export const auth = fp(async (app: FastifyInstance, options: AuthOptions) => {
  await app.register(cookie);
  const name = sessionCookieName(options.secureCookies);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[name];
    request.user = token
      ? await findSessionUser(
          options.db,
          token,
          options.timeouts ?? defaultSessionTimeouts,
          options.pipelined,
          options.cache,
        )
      : null;
  });
});
