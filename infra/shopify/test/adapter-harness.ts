import { createShopifyAdapter, shopDomainOf, type RetryPolicy, type ShopifyAdapter } from '../src/index';
import type { TestEmulator } from './harness';

/** Delays on the emulator's manual clock: retries, throttle waits and polls take no real time. */
export const fastPolicy = (t: TestEmulator, overrides: Partial<RetryPolicy> = {}): Partial<RetryPolicy> => ({
  minDelayMs: 1000,
  maxDelayMs: 60_000,
  pollIntervalMs: 1000,
  requestTimeoutMs: 5000,
  now: () => t.clock.now(),
  sleep: async (ms) => {
    t.clock.advance(ms);
    await new Promise((resolve) => setImmediate(resolve));
  },
  ...overrides,
});

export const emulatorAdapter = (
  t: TestEmulator,
  overrides: Partial<RetryPolicy> = {},
  slugs = ['aurora-uk', 'aurora-de'],
): ShopifyAdapter =>
  createShopifyAdapter({
    stores: slugs.map((slug) => ({ slug, domain: shopDomainOf(slug), token: t.emulator.tokens[slug] ?? null })),
    emulatorUrl: t.emulator.url,
    policy: fastPolicy(t, overrides),
  });
