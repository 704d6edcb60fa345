import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from './env';

const variable = 'DM_ENV_PROBE_SHOPIFY_TOKEN';

describe('When a service reads its environment with parseEnv', () => {
  afterEach(() => {
    delete process.env[variable];
  });

  // Node's process.env is not a plain object, which zod's record refuses: the Shopify tokens (a record of every
  // variable) could not be read, and every create, pre-flight and preview of the real command API answered 500.
  it('should read process.env as a record of variables', () => {
    process.env[variable] = 'shpat_probe';
    expect(parseEnv(z.record(z.string(), z.string().optional()))[variable]).toBe('shpat_probe');
  });

  it('should still refuse a bad value with the variable named', () => {
    process.env[variable] = '';
    expect(() => parseEnv(z.object({ [variable]: z.string().min(1) }))).toThrow(variable);
  });
});
