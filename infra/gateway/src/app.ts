import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { AuthType } from '@dm/events';
import {
  clientErrorHandler,
  errorHandler,
  frameworkErrors,
  loggerOptions,
  security,
  storableText,
} from '@dm/server-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { apiDocsRoutes } from './features/api-docs/routes';
import { createOidcClient, type OidcSettings } from './features/auth/oidc-client';
import { authRoutes } from './features/auth/routes';
import { sharedRateLimitStore } from './features/auth/shared-rate-limit';
import { signInRecorder } from './features/auth/sign-in-recorder';
import { declaredBodyLimit } from './features/proxy/request-body';
import { proxyRoutes } from './features/proxy/routes';
import { staticRoutes } from './features/static/routes';
import { gatewayPolicy } from './plugins/gateway-policy';
import { requestSerializer } from './shared/log-redaction';

export interface GatewayOptions {
  readonly db: pg.Pool;
  /** The origin the browser sees, e.g. `http://localhost:3000`. */
  readonly publicUrl: string;
  /** One URL, or the replicas' URLs: requests are spread over them in turn. */
  readonly commandApiUrl: string | readonly string[];
  readonly queryApiUrl: string | readonly string[];
  /** SERVICE_TOKEN: presented to the command API to record sign-ins. */
  readonly serviceToken: string;
  readonly oidc: OidcSettings;
  /** The built UI; `frontend/dist` by default (see config/env.ts). */
  readonly staticDir?: string;
  readonly authType?: AuthType;
  readonly trustProxy?: boolean;
  readonly signInRateLimitPerMinute?: number;
  readonly logLevel?: string;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const replicasOf = (urls: string | readonly string[]) =>
  (typeof urls === 'string' ? [urls] : urls).map(withoutTrailingSlash);

/**
 * The single origin of the app (ARCHITECTURE §1): sign-in and the session cookie, the built UI, and a
 * proxy that sends reads to query-api and changes to command-api. No `listen` here: tests build the same app.
 */
export const buildApp = async (options: GatewayOptions): Promise<FastifyInstance> => {
  const publicUrl = withoutTrailingSlash(options.publicUrl);
  const logger = loggerOptions(options.logLevel ?? 'info', 'gateway');
  const app = Fastify({
    logger: typeof logger === 'object' ? { ...logger, serializers: { req: requestSerializer } } : logger,
    trustProxy: options.trustProxy ?? false,
    clientErrorHandler,
    frameworkErrors,
    // The gateway is the edge: a client may take this long to send one request, body included (decision 0411).
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(security, { allowedOrigins: [publicUrl] });
  await app.register(cookie);
  // Counted in PostgreSQL, so N gateway replicas share one limit (decision 1405).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(options.db) });
  await app.register(gatewayPolicy);
  await app.register(storableText);
  await app.register(declaredBodyLimit);

  app.get('/healthz', async () => ({ ok: true }));
  const commandApis = replicasOf(options.commandApiUrl);
  const queryApis = replicasOf(options.queryApiUrl);
  const commandApiUrl = commandApis[0]!;
  await app.register(authRoutes, {
    db: options.db,
    publicUrl,
    oidc: createOidcClient(options.oidc),
    recordSignIn: signInRecorder({ commandApiUrl, serviceToken: options.serviceToken, publicUrl }),
    authType: options.authType ?? 'replit',
    rateLimitPerMinute: options.signInRateLimitPerMinute ?? 20,
  });
  // Every replica of a service describes the same routes: the first one's description stands for them all.
  await app.register(apiDocsRoutes, { upstreams: [commandApiUrl, queryApis[0]!] });
  await app.register(proxyRoutes, { publicUrl, upstreams: { command: commandApis, query: queryApis } });
  if (options.staticDir) await app.register(staticRoutes, { root: options.staticDir });
  return app;
};
