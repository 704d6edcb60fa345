import { parseEnv } from '@dm/server-kit/env';
import { z } from 'zod';

/** The projectors' settings, the only reader of process.env in this package (store tokens: `storesFromEnv` of @dm/shopify). */
export const env = parseEnv(
  z.object({
    DATABASE_URL: z.url(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How often ACTIVE discounts with a usage limit have their usage re-read (default 10 minutes). */
    CODE_SYNC_USAGE_REFRESH_MS: z.coerce.number().int().min(10_000).default(600_000),
  }),
);
