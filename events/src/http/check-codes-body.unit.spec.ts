import { describe, expect, it } from 'vitest';
import { checkCodesBodySchema } from './discount-codes';

// schemathesis found a 500: a code too long failed its own check, and the pair count then read a missing list.
describe('checkCodesBodySchema', () => {
  it('refuses a code that is too long with its own message, not a crash', () => {
    const result = checkCodesBodySchema.safeParse({ codes: ['a'.repeat(300_001)], stores: [1] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' ')).toMatch(/\S/);
  });

  it('refuses more checks than one answer covers, naming the count', () => {
    const codes = Array.from({ length: 1_000 }, (_, i) => `CODE${i}`);
    const result = checkCodesBodySchema.safeParse({ codes, stores: Array.from({ length: 26 }, (_, i) => i + 1) });
    expect(result.error?.issues[0]?.message).toMatch(/26,000 checks/);
  });
});
