import { describe, expect, it } from 'vitest';
import { endOfLocalDay, startOfLocalDay } from './date-range';
import { formatDateTime as appDateTime } from '@/lib/dates';
import { formatCreatedDate, formatDateTime, showingRange, splitShown, storeLabel, typeLabel } from './format';
import { nextStep, previousStep, stepOfField } from './wizard-steps';

describe('The list formats', () => {
  it('should write a creation date like Jan 05, 2025', () => {
    expect(formatCreatedDate(new Date(2025, 0, 5, 13, 4).toISOString())).toBe('Jan 05, 2025');
  });
  // The walk (issue 25) found the panel's deployment times as 'Nov 28, 2026 04:30' beside its History tab's
  // 'Nov 28, 2026, 4:30:22 AM': one date-time format across the app.
  it('should write start, end and deployment times in the app’s one date-time format', () => {
    const instant = new Date(2031, 0, 5, 14, 30, 12).toISOString();
    expect(formatDateTime(instant)).toBe(appDateTime(instant));
  });
  it('should name a store by country code, else name, else slug', () => {
    expect(storeLabel({ countryCode: 'GB', storeName: 'Aurora UK', urlSlug: 'aurora-uk' })).toBe('GB');
    expect(storeLabel({ countryCode: null, storeName: 'Aurora UK', urlSlug: 'aurora-uk' })).toBe('Aurora UK');
    expect(storeLabel({ countryCode: null, storeName: '', urlSlug: 'aurora-uk' })).toBe('aurora-uk');
  });
  it('should list 4 stores, then count the rest', () => {
    expect(splitShown([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4], more: 2 });
    expect(splitShown([1, 2])).toEqual({ shown: [1, 2], more: 0 });
  });
  it('should say which discounts a page shows', () => {
    expect(showingRange(2, 50, 120)).toBe('Showing 51 - 100 of 120 discounts');
    expect(showingRange(3, 50, 120)).toBe('Showing 101 - 120 of 120 discounts');
  });
  it("should name types in the glossary's words", () => {
    expect(typeLabel('fixed_amount')).toBe('Fixed amount');
  });
  it('should send whole local days as the instants they start and end', () => {
    expect(startOfLocalDay('2025-01-05')).toBe(new Date(2025, 0, 5).toISOString());
    expect(endOfLocalDay('2025-01-05')).toBe(new Date(2025, 0, 5, 23, 59, 59, 999).toISOString());
    expect(startOfLocalDay('')).toBeUndefined();
  });
});

describe('The wizard steps', () => {
  it('should skip Products for a multi discount, both ways', () => {
    expect(nextStep(1, 'multi')).toBe(3);
    expect(previousStep(3, 'multi')).toBe(1);
    expect(nextStep(1, 'gwp')).toBe(2);
    expect(previousStep(3, 'gwp')).toBe(2);
  });
  it('should stop at 5 and at 1', () => {
    expect(nextStep(5, 'gwp')).toBe(5);
    expect(previousStep(1, 'gwp')).toBe(1);
  });
  it('should find the step of a field the server refused', () => {
    expect(stepOfField('multiDiscountRules.1.discountValue', 'multi')).toBe(3);
    expect(stepOfField('storeIds', 'gwp')).toBe(4);
    expect(stepOfField('name', 'gwp')).toBe(1);
  });
});
