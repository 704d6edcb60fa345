import { tokenVariableOf } from '@dm/events';
import { parseEnv } from '@dm/server-kit';
import { z } from 'zod';

/** Read once, as `env.ts` reads the rest: parsing the environment per store cost ~0.1 ms each, per request. */
const variables = parseEnv(z.record(z.string(), z.string().optional()));

/** Production: a store can be imported when its token variable is set (ARCHITECTURE §4). */
export const hasShopifyTokenInEnv = (slug: string): boolean => Boolean(variables[tokenVariableOf(slug)]?.trim());
