import pg from 'pg';
import { buildApp } from './app';
import { env } from './config/env';

const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
const app = await buildApp({
  db,
  publicUrl: env.PUBLIC_URL,
  commandApiUrl: env.COMMAND_API_URL,
  queryApiUrl: env.QUERY_API_URL,
  oidc: { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET },
  staticDir: env.STATIC_DIR,
  authType: env.AUTH_TYPE,
  trustProxy: env.TRUST_PROXY,
  logLevel: env.LOG_LEVEL,
});
// An idle connection dropped by the server (restart, shutdown) is replaced by the pool; unhandled, it would end the process.
db.on('error', (err) => app.log.warn({ err }, 'idle database connection lost'));
await app.listen({ port: env.PORT, host: env.HOST });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => db.end()).then(() => process.exit(0));
  });
}
