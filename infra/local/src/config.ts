import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '@dm/server-kit';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The start runner's settings; every default is the embedded, one-machine setup. */
export const loadConfig = () => {
  const env = parseEnv(
    z.object({
      PORT: z.coerce.number().int().min(1).max(65_000).default(3000),
      DM_DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
      DATABASE_URL: z.string().url().optional(),
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
      DM_STATIC_DIR: z.string().default(path.join(repoRoot, 'frontend', 'dist')),
      /**
       * `host:port` of Kafka brokers: `start:cluster` then runs three reactor workers as consumer groups (decision
       * 1500) and the projector roles publish the log (the roles read it from their inherited environment).
       */
      KAFKA_BROKERS: z.string().optional(),
      /** People nobody may edit or delete, comma-separated; locally the demo super admin. */
      PROTECTED_USER_EMAILS: z
        .string()
        .default('super@demo.test')
        .transform((list) =>
          list
            .split(',')
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        ),
    }),
  );
  const port = env.PORT;
  return {
    ...env,
    dataDir: path.resolve(env.DM_DATA_DIR),
    publicUrl: `http://localhost:${port}`,
    ports: { gateway: port, commandApi: port + 1, queryApi: port + 2, oidc: port + 3, shopify: port + 4 },
  };
};
export type LocalConfig = ReturnType<typeof loadConfig>;
