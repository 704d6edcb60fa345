import { z } from 'zod';

const envSchema = z.object({
  DATABASE_URL: z.url(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/** The only reader of process.env in this package. */
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): Env => envSchema.parse(source);
