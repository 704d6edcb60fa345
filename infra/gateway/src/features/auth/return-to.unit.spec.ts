import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

const publicUrl = 'https://dm.example.com';

describe('When a sign-in names where to return', () => {
  it('should keep a path on our own origin, with its query and fragment', () => {
    expect(safeReturnTo('/discounts/7/codes?page=2#top', publicUrl)).toBe('/discounts/7/codes?page=2#top');
  });

  it.each([
    undefined,
    '',
    'discounts',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/a\nb',
    '/api/logout',
    '/api',
  ])('should fall back to / for %j', (raw) => {
    expect(safeReturnTo(raw, publicUrl)).toBe('/');
  });

  it('should keep encoded line breaks encoded, so they cannot split the Location header', () => {
    expect(safeReturnTo('/%0d%0aSet-Cookie:x', publicUrl)).toBe('/%0d%0aSet-Cookie:x');
  });
});
