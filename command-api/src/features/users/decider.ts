import {
  canManageLevel,
  ConflictError,
  inBrandScope,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  type PermissionLevel,
  type UserAccessEvent,
} from '@dm/events';
import type { Actor, Decider } from '../../shared/command';
import type { ChangePermission, GrantPermission, RecordSignIn, RevokePermission, UserAccessCommand } from './commands';

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

const label = (level: PermissionLevel) => level.replace('_', ' ');
const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);
/** The system actor (seed, CLI) works with every brand. */
const lacksBrand = (actor: Actor, brandId: number) => actor.id !== 'system' && !inBrandScope(actor.brandIds, brandId);

const grantPermission = (command: GrantPermission, state: UserAccess): UserAccessEvent[] => {
  const { actor, now } = command.metadata;
  const { email, permissionLevel, brandIds, userId } = command.data;
  if (!canManageLevel(actor.level, permissionLevel)) {
    throw new ForbiddenError(`A ${label(actor.level)} cannot grant the ${label(permissionLevel)} level.`);
  }
  const foreign = brandIds.find((id) => lacksBrand(actor, id));
  if (foreign !== undefined)
    throw new ForbiddenError(`You cannot grant brand ${foreign}: you do not have it yourself.`);
  if (state.level) throw new ConflictError(`${email} already has access. Edit their permission instead.`);
  return [
    {
      type: 'PermissionGranted',
      data: {
        userId: state.userId ?? userId, // someone granted again keeps the id they had
        email,
        permissionLevel,
        brandIds: sorted(brandIds),
        grantedAt: now,
      },
    },
  ];
};

/** Shared by change and revoke: the target exists, is the one addressed, is not protected, and ranks below the actor. */
const assertManageable = (
  command: ChangePermission | RevokePermission,
  state: UserAccess,
): { level: PermissionLevel; actor: Actor } => {
  const { actor } = command.metadata;
  if (!state.level || state.userId !== command.data.userId) {
    throw new NotFoundError(`No user with id ${command.data.userId} has access.`);
  }
  if (command.data.isProtected) throw new ForbiddenError('This user is protected and cannot be changed.');
  if (!canManageLevel(actor.level, state.level)) {
    throw new ForbiddenError(`A ${label(actor.level)} cannot change a user at the ${label(state.level)} level.`);
  }
  return { level: state.level, actor };
};

const changePermission = (command: ChangePermission, state: UserAccess): UserAccessEvent[] => {
  const { actor } = assertManageable(command, state);
  const { userId, email, permissionLevel, brandIds } = command.data;
  if (!canManageLevel(actor.level, permissionLevel)) {
    throw new ForbiddenError(`A ${label(actor.level)} cannot grant the ${label(permissionLevel)} level.`);
  }
  let next = sorted(state.brandIds);
  if (brandIds) {
    // The actor sets only the brands they have; the target's other brands stay as they are.
    const foreign = brandIds.find((id) => lacksBrand(actor, id) && !state.brandIds.includes(id));
    if (foreign !== undefined)
      throw new ForbiddenError(`You cannot grant brand ${foreign}: you do not have it yourself.`);
    next = sorted([...state.brandIds.filter((id) => lacksBrand(actor, id)), ...brandIds]);
  }
  if (next.length === 0) throw new ValidationError('Please select at least one brand');
  const unchanged = permissionLevel === state.level && next.join() === sorted(state.brandIds).join();
  if (unchanged) return [];
  return [
    {
      type: 'PermissionChanged',
      data: { userId, email, permissionLevel, brandIds: next, changedAt: command.metadata.now },
    },
  ];
};

const revokePermission = (command: RevokePermission, state: UserAccess): UserAccessEvent[] => {
  const { level, actor } = assertManageable(command, state);
  if (level === 'super_admin') throw new ForbiddenError('Super admin users cannot be deleted.');
  const { userId, email } = command.data;
  const now = command.metadata.now;
  // Brands the actor lacks are not theirs to take away: the person keeps those and loses the rest.
  const kept = state.brandIds.filter((id) => lacksBrand(actor, id));
  if (kept.length > 0) {
    return [
      {
        type: 'PermissionChanged',
        data: { userId, email, permissionLevel: level, brandIds: sorted(kept), changedAt: now },
      },
    ];
  }
  return [{ type: 'PermissionRevoked', data: { userId, email, revokedAt: now } }];
};

const recordSignIn = (command: RecordSignIn, state: UserAccess): UserAccessEvent[] => {
  if (!state.userId || state.brandIds.length === 0) throw new NoAccessError();
  return [{ type: 'UserSignedIn', data: { userId: state.userId, ...command.data, signedInAt: command.metadata.now } }];
};

export const decide = (command: UserAccessCommand, state: UserAccess): UserAccessEvent[] => {
  switch (command.type) {
    case 'GrantPermission':
      return grantPermission(command, state);
    case 'ChangePermission':
      return changePermission(command, state);
    case 'RevokePermission':
      return revokePermission(command, state);
    case 'RecordSignIn':
      return recordSignIn(command, state);
  }
};

export const userAccessDecider: Decider<UserAccess, UserAccessCommand, UserAccessEvent> = {
  decide,
  evolve,
  initialState,
  // Most grants are a person's first; granting again someone who has access is the rare case that reads.
  startsStream: (command) => command.type === 'GrantPermission',
};
