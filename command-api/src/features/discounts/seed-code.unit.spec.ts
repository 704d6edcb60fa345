import { seedCodeCandidate, seedCodeStem } from '@dm/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('When a seed code is made from a discount name', () => {
  it('should upper-case it and turn every run of other characters into one hyphen', () => {
    expect(seedCodeStem('Summer Sale 2025!')).toBe('SUMMER-SALE-2025');
    expect(seedCodeStem('  black   friday -- 50% off ')).toBe('BLACK-FRIDAY-50-OFF');
    expect(seedCodeStem('Été à Paris')).toBe('T-PARIS');
  });

  it('should fall back to DISCOUNT when nothing of the name is left', () => {
    expect(seedCodeStem('!!!')).toBe('DISCOUNT');
    expect(seedCodeStem('日本')).toBe('DISCOUNT');
  });

  it('should keep at most 20 characters and never end on a hyphen', () => {
    expect(seedCodeStem('A very long discount name for winter')).toBe('A-VERY-LONG-DISCOUNT');
    expect(seedCodeStem('ABCDEFGHIJKLMNOPQRS TUV')).toBe('ABCDEFGHIJKLMNOPQRS');
  });

  it('should suffix -2, -3… on collision, cutting the stem so the whole stays within 20 characters', () => {
    expect(seedCodeCandidate('Summer Sale', 1)).toBe('SUMMER-SALE');
    expect(seedCodeCandidate('Summer Sale', 2)).toBe('SUMMER-SALE-2');
    expect(seedCodeCandidate('Summer Sale', 3)).toBe('SUMMER-SALE-3');
    expect(seedCodeCandidate('A very long discount name', 2)).toBe('A-VERY-LONG-DISCOU-2');
    expect(seedCodeCandidate('A very long discount name', 10)).toBe('A-VERY-LONG-DISCO-10');
    // The cut lands on a hyphen: it goes too, so no code holds two in a row.
    expect(seedCodeCandidate('ABCDEFGHIJKLMNOPQ RS', 2)).toBe('ABCDEFGHIJKLMNOPQ-2');
  });

  it('should give distinct, well-formed codes of at most 20 characters for any name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 1, max: 9999 }), (name, n) => {
        const code = seedCodeCandidate(name, n);
        expect(code.length).toBeLessThanOrEqual(20);
        expect(code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
        if (n > 1) expect(code).not.toBe(seedCodeCandidate(name, n - 1));
      }),
    );
  });
});
