import { createShopifyAdapter, shopifyAdapterFromEnv, type ShopifyAdapter } from '@dm/shopify';
import type { Logger } from 'pino';
import { z } from 'zod';

const storesSchema = z.array(
  z.object({ slug: z.string(), domain: z.string(), token: z.string().nullable(), functionId: z.string().nullable() }),
);

/**
 * The stores as the cluster hands them to its roles (`SHOPIFY_STORES`, `SHOPIFY_URL` for the emulator), else
 * each store's token from its own variable.
 */
export const shopifyAdapterOfEnv = (
  env: { readonly SHOPIFY_STORES?: string | undefined; readonly SHOPIFY_URL?: string | undefined },
  logger: Logger,
): ShopifyAdapter => {
  if (!env.SHOPIFY_STORES) return shopifyAdapterFromEnv(logger);
  let json: unknown;
  try {
    json = JSON.parse(env.SHOPIFY_STORES);
  } catch {
    throw new Error('SHOPIFY_STORES is not JSON: give a list of { slug, domain, token, functionId }.');
  }
  const parsed = storesSchema.safeParse(json);
  if (!parsed.success) throw new Error(`SHOPIFY_STORES: ${z.prettifyError(parsed.error)}`);
  return createShopifyAdapter({ stores: parsed.data, emulatorUrl: env.SHOPIFY_URL ?? null, logger });
};
