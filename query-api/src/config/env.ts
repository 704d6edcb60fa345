import { apiEnvSchema, parseEnv } from '@dm/server-kit';

export const env = parseEnv(apiEnvSchema(3002));
