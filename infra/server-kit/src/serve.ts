import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

/** The environment of the command and query APIs; each passes its own default port. */
export const apiEnvSchema = (defaultPort: number) =>
  z.object({
    DATABASE_URL: z.string().url(),
    PORT: z.coerce.number().int().default(defaultPort),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    LOG_LEVEL: z.string().default('info'),
    /** People nobody may edit or delete, comma-separated (spec 000 §2.5: one entry). */
    PROTECTED_USER_EMAILS: z
      .string()
      .default('super@demo.test')
      .transform((list) =>
        list
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
  });

/** Listens, and on SIGINT/SIGTERM closes the app, then its pool. */
export const serve = async (app: FastifyInstance, db: pg.Pool, address: { port: number; host: string }) => {
  // An idle connection dropped by the server (restart, shutdown) is replaced by the pool; unhandled, it would end the process.
  db.on('error', (err) => app.log.warn({ err }, 'idle database connection lost'));
  await app.listen(address);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app
        .close()
        .then(() => db.end())
        .then(() => process.exit(0));
    });
  }
};
