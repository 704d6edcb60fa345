import { tokenVariableOf } from '@dm/events';
import { afterEach, describe, expect, it } from 'vitest';
import { hasShopifyTokenInEnv } from './shopify-tokens';

const variable = tokenVariableOf('token-probe-store');

describe('When the command API asks whether a store has its Shopify token in the environment', () => {
  afterEach(() => {
    delete process.env[variable];
  });

  // Node's process.env is not a plain object (its constructor is not Object), which zod's record refuses:
  // reading it as it is made every create, pre-flight and preview of the real server fail with a 500.
  it('should read process.env itself, not only a plain copy of it', () => {
    process.env[variable] = 'shpat_probe';
    expect(hasShopifyTokenInEnv('token-probe-store')).toBe(true);
  });

  it('should count a missing or blank variable as no token', () => {
    expect(hasShopifyTokenInEnv('token-probe-store')).toBe(false);
    process.env[variable] = '   ';
    expect(hasShopifyTokenInEnv('token-probe-store')).toBe(false);
  });
});
