import { tokenVariableOf } from '@dm/events';

/** Production: a store can be imported when its token variable is set (ARCHITECTURE §4). */
export const hasShopifyTokenInEnv = (slug: string): boolean => Boolean(process.env[tokenVariableOf(slug)]?.trim());
