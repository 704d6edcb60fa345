import { canManageLevel, type AuthType, type PermissionLevel, type UserAccessEvent } from '@dm/events';
import { ConflictError, ForbiddenError } from '@dm/server-kit';
import type { Command, Decider } from '../../shared/command';

export type GrantPermission = Command<
  'GrantPermission',
  { userId: string; email: string; permissionLevel: PermissionLevel; brandIds: readonly number[] }
>;
export type RecordSignIn = Command<
  'RecordSignIn',
  {
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    authType: AuthType;
  }
>;
export type UserAccessCommand = GrantPermission | RecordSignIn;

export interface UserAccess {
  readonly userId: string | null;
  readonly level: PermissionLevel | null;
  readonly brandIds: readonly number[];
}

export const initialState: UserAccess = { userId: null, level: null, brandIds: [] };

export const evolve = (state: UserAccess, event: UserAccessEvent): UserAccess => {
  switch (event.type) {
    case 'PermissionGranted':
    case 'PermissionChanged':
      return { userId: event.data.userId, level: event.data.permissionLevel, brandIds: event.data.brandIds };
    case 'PermissionRevoked':
      return { ...state, level: null, brandIds: [] };
    case 'UserSignedIn':
      return state;
  }
};

/** Thrown when someone without a permission row tries to sign in. */
export class NoAccessError extends ForbiddenError {
  constructor() {
    super('You do not have access to Discount Manager. Ask an administrator to add you.');
  }
}

const grantPermission = (command: GrantPermission, state: UserAccess): UserAccessEvent[] => {
  const { actor, now } = command.metadata;
  const { email, permissionLevel, brandIds, userId } = command.data;
  if (!canManageLevel(actor.level, permissionLevel)) {
    throw new ForbiddenError(`A ${actor.level.replace('_', ' ')} cannot grant the ${permissionLevel.replace('_', ' ')} level.`);
  }
  const foreign = actor.id === 'system' ? undefined : brandIds.find((id) => !actor.brandIds.includes(id));
  if (foreign !== undefined) throw new ForbiddenError(`You cannot grant brand ${foreign}: you do not have it yourself.`);
  if (state.level) throw new ConflictError(`${email} already has access. Edit their permission instead.`);
  return [
    {
      type: 'PermissionGranted',
      data: {
        userId: state.userId ?? userId, // someone granted again keeps the id they had
        email,
        permissionLevel,
        brandIds: [...new Set(brandIds)].sort((a, b) => a - b),
        grantedAt: now,
      },
    },
  ];
};

const recordSignIn = (command: RecordSignIn, state: UserAccess): UserAccessEvent[] => {
  if (!state.userId || state.brandIds.length === 0) throw new NoAccessError();
  return [{ type: 'UserSignedIn', data: { userId: state.userId, ...command.data, signedInAt: command.metadata.now } }];
};

export const decide = (command: UserAccessCommand, state: UserAccess): UserAccessEvent[] => {
  switch (command.type) {
    case 'GrantPermission':
      return grantPermission(command, state);
    case 'RecordSignIn':
      return recordSignIn(command, state);
  }
};

export const userAccessDecider = { decide, evolve, initialState } satisfies Decider<
  UserAccess,
  UserAccessCommand,
  UserAccessEvent
>;
