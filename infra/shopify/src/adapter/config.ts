import { shopDomainOf, tokenVariableOf } from '@dm/events';
import { readEnv } from '../config/env';

/** The Admin API version we speak (ARCHITECTURE §4). */
export const apiVersion = '2026-07';

export { shopDomainOf, tokenVariableOf };

export interface StoreConfig {
  readonly slug: string;
  readonly domain: string;
  /** null when the environment has no token for the store: reported, never a crash. */
  readonly token: string | null;
}

/** Reads each store's token from its environment variable; the one place the adapter reads the environment. */
export const storesFromEnv = (
  slugs: readonly string[],
  env: Readonly<Record<string, string | undefined>> = readEnv(),
): StoreConfig[] =>
  slugs.map((slug) => ({ slug, domain: shopDomainOf(slug), token: env[tokenVariableOf(slug)]?.trim() || null }));
