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

  it('should give an admin every link but Stores, which is for super admins', () => {
    expect(labels('admin')).toEqual([
      'Dashboard',
      'Discounts',
      'Products',
      'Synced Codes',
      'Code Sync',
      'Users',
      'Audit',
    ]);
  });

  it('should give a super admin every link', () => {
    expect(labels('super_admin')).toEqual([
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
