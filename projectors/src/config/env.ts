import { parseEnv } from '@dm/server-kit/env';
import { z } from 'zod';

/** The projectors' settings, the only reader of process.env in this package (store tokens: `storesFromEnv` of @dm/shopify). */
export const env = parseEnv(
  z.object({
    DATABASE_URL: z.url(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  }),
);
