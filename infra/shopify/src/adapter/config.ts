import { shopDomainOf, tokenVariableOf } from '@dm/events';
import { readEnv } from '../config/env';

/** The Admin API version we speak (ARCHITECTURE §4). */
export const apiVersion = '2026-07';

export { shopDomainOf, tokenVariableOf };

/** Where a store's discount Function id is configured, next to its token: `aurora-uk` → `AURORA_UK_SHOPIFY_FUNCTION_ID`. */
export const functionIdVariableOf = (slug: string) => tokenVariableOf(slug).replace(/_TOKEN$/, '_FUNCTION_ID');

export interface StoreConfig {
  readonly slug: string;
  readonly domain: string;
  /** null when the environment has no token for the store: reported, never a crash. */
  readonly token: string | null;
  /** Our discount Function's id in this store, once the company's app deployed it there; null until then. */
  readonly functionId?: string | null;
}

/** Reads each store's token and Function id from the environment; the one place the adapter reads it. */
export const storesFromEnv = (
  slugs: readonly string[],
  env: Readonly<Record<string, string | undefined>> = readEnv(),
): StoreConfig[] =>
  slugs.map((slug) => ({
    slug,
    domain: shopDomainOf(slug),
    token: env[tokenVariableOf(slug)]?.trim() || null,
    functionId: env[functionIdVariableOf(slug)]?.trim() || null,
  }));
