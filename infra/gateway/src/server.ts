import { createDatabasePool, serve } from '@dm/server-kit';
import { buildApp } from './app';
import { env } from './config/env';

const db = createDatabasePool(env.DATABASE_URL, { max: 10 });
const app = await buildApp({
  db,
  publicUrl: env.PUBLIC_URL,
  commandApiUrl: env.COMMAND_API_URL,
  queryApiUrl: env.QUERY_API_URL,
  serviceToken: env.SERVICE_TOKEN,
  oidc: { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET },
  staticDir: env.STATIC_DIR,
  authType: env.AUTH_TYPE,
  trustProxy: env.TRUST_PROXY,
  logLevel: env.LOG_LEVEL,
});
await serve(app, db, { port: env.PORT, host: env.HOST });
