import { fileURLToPath } from 'node:url';
import { authTypeSchema } from '@dm/events';
import { parseEnv } from '@dm/server-kit';
import { z } from 'zod';

const defaultStaticDir = fileURLToPath(new URL('../../../../frontend/dist', import.meta.url));
const urlList = z
  .string()
  .transform((list) => list.split(',').map((url) => url.trim()))
  .pipe(z.array(z.url()).min(1));
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The gateway's settings; the only reader of process.env in this package. */
export const env = parseEnv(
  z.object({
    DATABASE_URL: z.url(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    /** The one origin the browser sees; its scheme decides whether cookies are `Secure`/`__Host-`. */
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** The command API, or its replicas comma-separated: the gateway spreads requests over them in turn. */
    COMMAND_API_URL: urlList.default(['http://127.0.0.1:3001']),
    /** The query API, or its replicas comma-separated. */
    QUERY_API_URL: urlList.default(['http://127.0.0.1:3002']),
    /** The secret the command API expects on sign-in recording (the same value in both); at least 32 characters. */
    SERVICE_TOKEN: z.string().min(32),
    OIDC_ISSUER: z.url(),
    OIDC_CLIENT_ID: z.string().min(1),
    OIDC_CLIENT_SECRET: z.string().min(1),
    /** Which company provider signs people in; recorded on every UserSignedIn event. */
    AUTH_TYPE: authTypeSchema.default('replit'),
    STATIC_DIR: z.string().min(1).default(defaultStaticDir),
    /** Set when a load balancer in front of the gateway adds X-Forwarded-For (rate limits key on the client IP). */
    TRUST_PROXY: flag.default(false),
    LOG_LEVEL: z.string().default('info'),
  }),
);
