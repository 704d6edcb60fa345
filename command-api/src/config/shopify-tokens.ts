import { tokenVariableOf } from '@dm/events';
import { parseEnv } from '@dm/server-kit';
import { z } from 'zod';

const variables = z.record(z.string(), z.string().optional());

/** Production: a store can be imported when its token variable is set (ARCHITECTURE §4). */
export const hasShopifyTokenInEnv = (slug: string): boolean =>
  Boolean(parseEnv(variables)[tokenVariableOf(slug)]?.trim());
