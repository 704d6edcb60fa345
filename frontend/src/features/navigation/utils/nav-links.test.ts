import { describe, expect, it } from 'vitest';
import { isActivePath, linksForLevel } from './nav-links';

const labels = (level: string) => linksForLevel(level).map((link) => link.label);

describe('isActivePath', () => {
  it.each([
    ['/discounts', '/discounts', true],
    ['/discounts/12/codes', '/discounts', true],
    ['/discounts/create', '/discounts', true],
    ['/users', '/discounts', false],
    ['/', '/', true],
    ['/users', '/', false],
    ['/product-management', '/products', false],
  ])('%s with link %s → %s', (pathname, href, expected) => {
    expect(isActivePath(pathname, href)).toBe(expected);
  });
});

describe('linksForLevel', () => {
  it('should give a user only Discounts', () => {
    expect(labels('user')).toEqual(['Discounts']);
  });

  it('should add Dashboard and Users for a manager', () => {
    expect(labels('manager')).toEqual(['Dashboard', 'Discounts', 'Users']);
  });

  it.each(['admin', 'super_admin'])('should give %s every link', (level) => {
    expect(labels(level)).toEqual([
      'Dashboard',
      'Discounts',
      'Products',
      'Synced Codes',
      'Code Sync',
      'Users',
      'Stores',
      'Audit',
    ]);
  });

  it('should treat an unknown level as a user', () => {
    expect(labels('owner')).toEqual(['Discounts']);
  });
});
