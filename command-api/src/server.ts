import pg from 'pg';
import { buildApp } from './app';
import { env } from './config/env';

const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 20 });
const app = await buildApp({
  db,
  publicUrl: env.PUBLIC_URL,
  logLevel: env.LOG_LEVEL,
  protectedEmails: env.PROTECTED_USER_EMAILS,
});
// An idle connection dropped by the server (restart, shutdown) is replaced by the pool; unhandled, it would end the process.
db.on('error', (err) => app.log.warn({ err }, 'idle database connection lost'));
await app.listen({ port: env.PORT, host: env.HOST });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => db.end()).then(() => process.exit(0));
  });
}
