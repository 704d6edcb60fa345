import { describe, expect, it } from 'vitest';
import { formatCreated, isMonitored, pageCount, usageText } from './format';

describe('When a synced code is shown', () => {
  it('should format its creation date like the spec', () => {
    expect(formatCreated('2026-03-01T10:00:00Z')).toBe('Mar 1, 2026');
    expect(formatCreated(null)).toBe('-');
  });
  it('should show usage against a limit, a count, or a dash', () => {
    expect(usageText({ usageCount: 3, usageLimit: 10 })).toBe('3/10');
    expect(usageText({ usageCount: 4, usageLimit: null })).toBe('4 used');
    expect(usageText({ usageCount: 0, usageLimit: null })).toBe('-');
  });
  it('should monitor only ACTIVE codes with a limit, and count pages', () => {
    expect(isMonitored({ status: 'ACTIVE', usageLimit: 5 })).toBe(true);
    expect(isMonitored({ status: 'EXPIRED', usageLimit: 5 })).toBe(false);
    expect(isMonitored({ status: 'ACTIVE', usageLimit: null })).toBe(false);
    expect([0, 50, 51].map((n) => pageCount(n, 50))).toEqual([1, 1, 2]);
  });
});
