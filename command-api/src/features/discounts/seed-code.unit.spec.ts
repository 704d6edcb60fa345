import { randomInt } from 'node:crypto';
import { isSeedCodeShape, randomSeedCode, seedCodeAlphabet } from '@dm/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('When a seed code is drawn for a discount', () => {
  it('should not be made from its name', () => {
    const drawn = Array.from({ length: 50 }, () => randomSeedCode(randomInt));
    expect(drawn.some((code) => code.includes('SUMMER') || code.includes('SALE'))).toBe(false);
    expect(new Set(drawn).size).toBe(50);
  });

  it('should use no look-alike characters: no 0 or O, no 1, I or L', () => {
    expect(seedCodeAlphabet).toHaveLength(31);
    expect(seedCodeAlphabet).not.toMatch(/[0O1IL]/);
  });

  it('should be three groups of four of that alphabet, whatever the draw', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (draws) => {
        let i = 0;
        const code = randomSeedCode((n) => draws[i++]! % n);
        expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
        expect(code).not.toMatch(/[0O1IL]/);
        expect(isSeedCodeShape(code)).toBe(true);
      }),
    );
  });

  it('should reach every character of the alphabet', () => {
    const all = randomSeedCode(() => 0) + randomSeedCode(() => seedCodeAlphabet.length - 1);
    expect(all).toBe('AAAA-AAAA-AAAA9999-9999-9999');
  });
});
