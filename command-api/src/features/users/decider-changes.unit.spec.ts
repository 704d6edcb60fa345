import { ForbiddenError, NotFoundError, type PermissionLevel } from '@dm/events';
import { describe, it } from 'vitest';
import { systemActor, type Actor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import type { ChangePermission, RevokePermission } from './commands';
import { userAccessDecider } from './decider';

const spec = deciderSpec(userAccessDecider);
const actor = (level: PermissionLevel, brandIds = [1, 2]): Actor => ({
  id: `${level}-1`,
  email: `${level}@x.test`,
  level,
  brandIds,
});
const target = { userId: 'u-7', email: 'target@x.test' };
const granted = (level: PermissionLevel, brandIds = [1]) =>
  ({ type: 'PermissionGranted', data: { ...target, permissionLevel: level, brandIds, grantedAt: testNow } }) as const;
const changed = (level: PermissionLevel, brandIds: number[]) =>
  ({ type: 'PermissionChanged', data: { ...target, permissionLevel: level, brandIds, changedAt: testNow } }) as const;
const revoked = { type: 'PermissionRevoked', data: { ...target, revokedAt: testNow } } as const;

const change = (
  by: Actor,
  level: PermissionLevel,
  brandIds?: number[],
  extra: Partial<ChangePermission['data']> = {},
): ChangePermission => ({
  type: 'ChangePermission',
  data: { ...target, permissionLevel: level, ...(brandIds ? { brandIds } : {}), isProtected: false, ...extra },
  metadata: metadataFor(by),
});
const revoke = (by: Actor, extra: Partial<RevokePermission['data']> = {}): RevokePermission => ({
  type: 'RevokePermission',
  data: { ...target, isProtected: false, ...extra },
  metadata: metadataFor(by),
});

describe('When a permission is changed', () => {
  it('should let an admin raise a user to manager and keep the brands when none are sent', () => {
    spec
      .given([granted('user', [1, 2])])
      .when(change(actor('admin'), 'manager'))
      .then([changed('manager', [1, 2])]);
  });
  it('should let a manager change the brands of a user-level person', () => {
    spec
      .given([granted('user', [1])])
      .when(change(actor('manager', [1, 2]), 'user', [2, 1]))
      .then([changed('user', [1, 2])]);
  });
  it('should keep the brands the actor does not have', () => {
    spec
      .given([granted('user', [1, 3])])
      .when(change(actor('manager', [1, 2]), 'user', [2]))
      .then([changed('user', [2, 3])]);
  });
  it('should refuse a brand the actor does not have', () => {
    spec
      .given([granted('user', [1])])
      .when(change(actor('manager', [1]), 'user', [1, 2]))
      .thenThrows(ForbiddenError, 'brand 2');
  });
  it('should refuse a manager raising someone to manager', () => {
    spec
      .given([granted('user')])
      .when(change(actor('manager'), 'manager'))
      .thenThrows(ForbiddenError, 'cannot grant the manager level');
  });
  it('should refuse a manager editing a manager, and an admin editing an admin', () => {
    spec
      .given([granted('manager')])
      .when(change(actor('manager'), 'user'))
      .thenThrows(ForbiddenError, 'at the manager level');
    spec
      .given([granted('admin')])
      .when(change(actor('admin'), 'user'))
      .thenThrows(ForbiddenError, 'at the admin level');
  });
  it('should let a super admin change an admin', () => {
    spec
      .given([granted('admin')])
      .when(change(actor('super_admin'), 'manager', [1]))
      .then([changed('manager', [1])]);
  });
  it('should refuse a protected person', () => {
    spec
      .given([granted('user')])
      .when(change(actor('super_admin'), 'manager', undefined, { isProtected: true }))
      .thenThrows(ForbiddenError, 'This user is protected and cannot be changed.');
  });
  it('should answer 404 for a revoked person or another id', () => {
    spec
      .given([granted('user'), revoked])
      .when(change(actor('admin'), 'user'))
      .thenThrows(NotFoundError, 'u-7');
    spec
      .given([granted('user')])
      .when(change(actor('admin'), 'user', undefined, { userId: 'other' }))
      .thenThrows(NotFoundError);
  });
  it('should change nothing when nothing differs', () => {
    spec
      .given([granted('user', [1, 2])])
      .when(change(actor('admin'), 'user', [2, 1]))
      .then([]);
  });
});

describe('When a permission is revoked', () => {
  it('should revoke a manager for an admin', () => {
    spec
      .given([granted('manager')])
      .when(revoke(actor('admin')))
      .then([revoked]);
  });
  it('should revoke an admin for a super admin', () => {
    spec
      .given([granted('admin')])
      .when(revoke(actor('super_admin')))
      .then([revoked]);
  });
  it('should never revoke a super admin', () => {
    spec
      .given([granted('super_admin')])
      .when(revoke(systemActor))
      .thenThrows(ForbiddenError, 'Super admin users cannot be deleted.');
  });
  it('should refuse an admin revoking another admin', () => {
    spec
      .given([granted('admin')])
      .when(revoke(actor('admin')))
      .thenThrows(ForbiddenError, 'at the admin level');
  });
  it('should refuse a protected person', () => {
    spec
      .given([granted('user')])
      .when(revoke(actor('super_admin'), { isProtected: true }))
      .thenThrows(ForbiddenError, 'protected');
  });
  it('should only take away the brands the actor has', () => {
    spec
      .given([granted('user', [1, 3])])
      .when(revoke(actor('admin', [1, 2])))
      .then([changed('user', [3])]);
  });
  it('should answer 404 when already revoked', () => {
    spec
      .given([granted('user'), revoked])
      .when(revoke(actor('admin')))
      .thenThrows(NotFoundError);
  });
  it('should keep the id when the person is granted again', () => {
    spec
      .given([granted('user'), revoked])
      .when({
        type: 'GrantPermission',
        data: { userId: 'fresh-id', email: target.email, permissionLevel: 'user', brandIds: [2] },
        metadata: metadataFor(actor('admin')),
      })
      .then([granted('user', [2])]);
  });
});
