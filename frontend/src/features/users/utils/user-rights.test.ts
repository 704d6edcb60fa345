import { describe, expect, it } from 'vitest';
import { assignableLevels, canDelete, canEdit } from './user-rights';
import { displayNameOf, initialsOf } from './user-display';

describe('assignableLevels', () => {
  it('should offer a manager only User, an admin User and Manager, a super admin every level', () => {
    expect(assignableLevels('manager')).toEqual(['user']);
    expect(assignableLevels('admin')).toEqual(['user', 'manager']);
    expect(assignableLevels('super_admin')).toEqual(['user', 'manager', 'admin', 'super_admin']);
    expect(assignableLevels('user')).toEqual([]);
  });
});

describe('canEdit and canDelete', () => {
  const row = (permissionLevel: 'user' | 'manager' | 'admin' | 'super_admin', isProtected = false) => ({
    permissionLevel,
    isProtected,
  });
  it('should hide edit on rows at or above the viewer level', () => {
    expect(canEdit('manager', row('user'))).toBe(true);
    expect(canEdit('manager', row('manager'))).toBe(false);
    expect(canEdit('admin', row('admin'))).toBe(false);
    expect(canEdit('super_admin', row('super_admin'))).toBe(true);
  });
  it('should let only admins and above delete, never a super admin nor a protected person', () => {
    expect(canDelete('manager', row('user'))).toBe(false);
    expect(canDelete('admin', row('manager'))).toBe(true);
    expect(canDelete('super_admin', row('admin'))).toBe(true);
    expect(canDelete('super_admin', row('super_admin'))).toBe(false);
    expect(canDelete('super_admin', row('user', true))).toBe(false);
  });
});

describe('displayNameOf', () => {
  it('should fall back from display name to username, email, then Unknown User', () => {
    expect(displayNameOf({ displayName: 'Ann Lee', username: 'ann', email: 'a@x' })).toBe('Ann Lee');
    expect(displayNameOf({ displayName: null, username: 'ann', email: 'a@x' })).toBe('ann');
    expect(displayNameOf({ displayName: null, username: null, email: 'a@x' })).toBe('a@x');
    expect(displayNameOf({ displayName: null, username: null, email: null })).toBe('Unknown User');
    expect(initialsOf({ displayName: 'Ann Lee', username: null, email: null })).toBe('AL');
  });
});
