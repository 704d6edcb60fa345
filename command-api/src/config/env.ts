import { apiEnvSchema, parseEnv } from '@dm/server-kit';
import { z } from 'zod';

export const env = parseEnv(
  apiEnvSchema(3001).extend({
    /** The secret the gateway presents to record sign-ins (the same value in both); at least 32 characters. */
    SERVICE_TOKEN: z.string().min(32),
  }),
);
