import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { auth } from './auth';
import { bodyLimitBytes } from './body-limit';
import { clientErrorHandler } from './client-error';
import { errorHandler } from './error-handler';
import { frameworkErrors } from './framework-errors';
import { loggerOptions } from './logger';
import { openapi } from './openapi';
import { pipelinedQueriesBeside, type Queries } from './pipelined-queries';
import { policy } from './policy';
import { security } from './security';
import { storableText } from './storable-text';
import type { SessionTimeouts } from './sessions';
import { startSessionCache, type SessionCacheOptions } from './session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    db: pg.Pool;
    /** Pipelined connections beside `db` for single autocommit statements (pipelined-queries.ts); closed with the app. */
    pipelined: Queries;
  }
}

export interface ServerOptions {
  readonly name: string;
  readonly db: pg.Pool;
  /** Origins allowed to send state-changing requests (the gateway's public URL). */
  readonly allowedOrigins: readonly string[];
  readonly secureCookies: boolean;
  readonly logLevel?: string;
  readonly sessionTimeouts?: SessionTimeouts;
  /** The secret our services present to each other on `service` routes (policy table). */
  readonly serviceToken?: string;
  readonly fastify?: FastifyServerOptions;
  /**
   * Keep signed-in sessions in memory, forgotten at once when revoked anywhere (LISTEN/NOTIFY, decision 1407): a
   * request with a known session costs no database round trip. Off unless given.
   */
  readonly sessionCache?: boolean | SessionCacheOptions;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The shared base of every service: zod validation, one error handler, security headers, CSRF and
 * JSON-only bodies, the session user, the policy table, and only text PostgreSQL can store. Services
 * register their feature routes on it.
 */
export const createServer = async (options: ServerOptions): Promise<App> => {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.name),
    bodyLimit: bodyLimitBytes,
    clientErrorHandler,
    frameworkErrors,
    trustProxy: true,
    ...options.fastify,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  const pipelined = pipelinedQueriesBeside(options.db);
  app.decorate('pipelined', pipelined);
  app.addHook('onClose', () => pipelined.end());
  await app.register(errorHandler);
  await app.register(security, { allowedOrigins: options.allowedOrigins });
  const cache = options.sessionCache
    ? startSessionCache(options.db, {
        logger: app.log,
        ...(typeof options.sessionCache === 'object' ? options.sessionCache : {}),
      })
    : undefined;
  if (cache) {
    app.addHook('onClose', () => cache.close());
    await cache.started;
  }
  await app.register(auth, {
    db: options.db,
    pipelined,
    ...(cache ? { cache } : {}),
    secureCookies: options.secureCookies,
    ...(options.sessionTimeouts ? { timeouts: options.sessionTimeouts } : {}),
  });
  await app.register(policy, { serviceToken: options.serviceToken });
  await app.register(storableText);
  await app.register(openapi, { title: `Discount Manager ${options.name}`, secureCookies: options.secureCookies });
  app.get('/healthz', async () => ({ ok: true }));
  return app;
};
