import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { creatorOf, formatCodeDate, listed, storeLabel } from './format';

describe('Code formats', () => {
  // The walk (issue 25) found this page's '28/11/26 04:30' beside 'Nov 28, 2026 04:30' and the History tab's
  // 'Nov 28, 2026, 4:30:22 AM': one date-time format across the app.
  it('should write a code’s date in the app’s one date-time format', () => {
    const instant = new Date(2025, 0, 5, 9, 3, 7).toISOString();
    expect(formatCodeDate(instant)).toBe(formatDateTime(instant));
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
