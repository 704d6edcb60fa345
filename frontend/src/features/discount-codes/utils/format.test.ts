import { describe, expect, it } from 'vitest';
import { creatorOf, formatCodeDate, listed, storeLabel } from './format';

describe('Code formats', () => {
  it('should write dates as dd/mm/yy hh:mm in local time', () => {
    expect(formatCodeDate(new Date(2025, 0, 5, 9, 3).toISOString())).toBe('05/01/25 09:03');
    expect(formatCodeDate(new Date(2030, 11, 31, 23, 59).toISOString())).toBe('31/12/30 23:59');
  });

  it('should name the creator by name, else email, else Unknown', () => {
    expect(creatorOf({ name: 'Uma', email: 'u@x.test' })).toBe('Uma');
    expect(creatorOf({ name: null, email: 'u@x.test' })).toBe('u@x.test');
    expect(creatorOf({ name: '', email: null })).toBe('Unknown');
  });

  it('should show a store by country code, else name, else slug', () => {
    expect(storeLabel({ countryCode: 'GB', name: 'Aurora GB', urlSlug: 'aurora-gb' })).toBe('GB');
    expect(storeLabel({ countryCode: null, name: 'Aurora GB', urlSlug: 'aurora-gb' })).toBe('Aurora GB');
    expect(storeLabel({ countryCode: null, name: '', urlSlug: 'aurora-gb' })).toBe('aurora-gb');
  });

  it('should list names in words', () => {
    expect(listed(['GB'])).toBe('GB');
    expect(listed(['GB', 'DE', 'US'])).toBe('GB, DE and US');
  });
});
