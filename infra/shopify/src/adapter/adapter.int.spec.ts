import { afterAll, beforeAll } from 'vitest';
import { adapterContract } from '../../test/adapter-contract';
import { emulatorAdapter } from '../../test/adapter-harness';
import { startTestEmulator, type TestEmulator } from '../../test/harness';
import { createShopifyAdapter, shopDomainOf, type ShopifyAdapter } from '../index';

let t: TestEmulator;
let adapter: ShopifyAdapter;
beforeAll(async () => {
  t = await startTestEmulator({ jobs: { mode: 'auto', delayMs: 0 } });
  adapter = emulatorAdapter(t);
});
afterAll(() => t.emulator.stop());

adapterContract('emulator over HTTP', () => ({
  adapter,
  slug: 'aurora-uk',
  functionId: t.emulator.functionIds['aurora-uk']!,
}));

/**
 * The same contract against a real development store when these are set (README "Contract tests against a real
 * store"): SHOPIFY_CONTRACT_STORE (the slug of <slug>.myshopify.com), SHOPIFY_CONTRACT_TOKEN and
 * SHOPIFY_CONTRACT_FUNCTION_ID. Without them the suite is not registered at all (never a skipped test).
 */
const real = {
  slug: process.env.SHOPIFY_CONTRACT_STORE,
  token: process.env.SHOPIFY_CONTRACT_TOKEN,
  functionId: process.env.SHOPIFY_CONTRACT_FUNCTION_ID,
};
if (real.slug && real.token && real.functionId) {
  const { slug, token, functionId } = real;
  const realAdapter = createShopifyAdapter({ stores: [{ slug, domain: shopDomainOf(slug), token }] });
  adapterContract(`real store ${slug}`, () => ({ adapter: realAdapter, slug, functionId }));
} else {
  console.info(
    'Shopify real-store contract not registered: set SHOPIFY_CONTRACT_STORE, SHOPIFY_CONTRACT_TOKEN and SHOPIFY_CONTRACT_FUNCTION_ID to run it.',
  );
}
