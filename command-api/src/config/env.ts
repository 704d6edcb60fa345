import { parseEnv } from '@dm/server-kit';
import { z } from 'zod';

export const env = parseEnv(
  z.object({
    DATABASE_URL: z.string().url(),
    PORT: z.coerce.number().int().default(3001),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    LOG_LEVEL: z.string().default('info'),
    /** People nobody may edit or delete, comma-separated (spec 000 §2.5: one entry). */
    PROTECTED_USER_EMAILS: z
      .string()
      .default('super@demo.test')
      .transform((list) => list.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  }),
);
