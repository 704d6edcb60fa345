import { ConflictError, ForbiddenError, type PermissionLevel } from '@dm/events';
import { describe, it } from 'vitest';
import type { Actor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import type { GrantPermission, RecordSignIn } from './commands';
import { NoAccessError, userAccessDecider } from './decider';

const spec = deciderSpec(userAccessDecider);
const actor = (level: PermissionLevel, brandIds = [1, 2]): Actor => ({
  id: `${level}-1`,
  email: `${level}@x.test`,
  level,
  brandIds,
});
const grant = (level: PermissionLevel, by: Actor, brandIds = [1]): GrantPermission => ({
  type: 'GrantPermission',
  data: { userId: 'new-user', email: 'new@x.test', permissionLevel: level, brandIds },
  metadata: metadataFor(by),
});
const granted = (level: PermissionLevel, brandIds = [1]) =>
  ({
    type: 'PermissionGranted',
    data: { userId: 'new-user', email: 'new@x.test', permissionLevel: level, brandIds, grantedAt: testNow },
  }) as const;
const signIn: RecordSignIn = {
  type: 'RecordSignIn',
  data: { email: 'new@x.test', firstName: 'N', lastName: 'U', profileImageUrl: null, authType: 'replit' },
  metadata: metadataFor(actor('user')),
};

describe('When a person has no access yet', () => {
  it('should let a manager grant the user level', () => {
    spec
      .given([])
      .when(grant('user', actor('manager')))
      .then([granted('user')]);
  });
  it('should refuse a manager granting the manager level', () => {
    spec
      .given([])
      .when(grant('manager', actor('manager')))
      .thenThrows(ForbiddenError, 'cannot grant the manager level');
  });
  it('should let an admin grant user and manager but not admin', () => {
    spec
      .given([])
      .when(grant('manager', actor('admin')))
      .then([granted('manager')]);
    spec
      .given([])
      .when(grant('admin', actor('admin')))
      .thenThrows(ForbiddenError);
  });
  it('should let a super admin grant any level', () => {
    spec
      .given([])
      .when(grant('super_admin', actor('super_admin')))
      .then([granted('super_admin')]);
  });
  it('should refuse brands the actor does not have', () => {
    spec
      .given([])
      .when(grant('user', actor('manager', [1]), [1, 2]))
      .thenThrows(ForbiddenError, 'brand 2');
  });
  it('should keep brand ids unique and sorted', () => {
    spec
      .given([])
      .when(grant('user', actor('admin'), [2, 1, 2]))
      .then([granted('user', [1, 2])]);
  });
  it('should refuse a sign-in', () => {
    spec.given([]).when(signIn).thenThrows(NoAccessError, 'Ask an administrator');
  });
});

describe('When a person has access', () => {
  it('should refuse a second grant', () => {
    spec
      .given([granted('user')])
      .when(grant('user', actor('admin')))
      .thenThrows(ConflictError, 'already has access');
  });
  it('should record a sign-in with the profile', () => {
    spec
      .given([granted('user')])
      .when(signIn)
      .then([{ type: 'UserSignedIn', data: { userId: 'new-user', ...signIn.data, signedInAt: testNow } }]);
  });
});
