import { normalizeEmail, userAccessStream, type PermissionLevel } from '@dm/events';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { handleCommand } from '../../shared/handle-command';
import { userAccessDecider } from './decider';
import type { UserRef } from './find-user';

export const usersHandlers = (ctx: CommandContext) => {
  const isProtected = (email: string) => ctx.protectedEmails.includes(normalizeEmail(email));
  return {
    grantPermission: (
      grant: { email: string; permissionLevel: PermissionLevel; brandIds: readonly number[] },
      actor: Actor,
      options: CommandOptions = {},
    ) =>
      handleCommand(
        ctx.eventStore,
        userAccessStream(grant.email),
        userAccessDecider,
        {
          type: 'GrantPermission',
          data: { ...grant, email: normalizeEmail(grant.email), userId: ctx.newId() },
          metadata: ctx.metadata('GrantPermission', actor, options),
        },
        ctx.versionOf(options),
      ),

    /** `brandIds` absent: the person keeps their brands. */
    changePermission: (
      target: UserRef,
      change: { permissionLevel: PermissionLevel; brandIds?: readonly number[] },
      actor: Actor,
      options: CommandOptions = {},
    ) =>
      handleCommand(
        ctx.eventStore,
        userAccessStream(target.email),
        userAccessDecider,
        {
          type: 'ChangePermission',
          data: {
            userId: target.userId,
            email: normalizeEmail(target.email),
            permissionLevel: change.permissionLevel,
            ...(change.brandIds ? { brandIds: change.brandIds } : {}),
            isProtected: isProtected(target.email),
          },
          metadata: ctx.metadata('ChangePermission', actor, options),
        },
        ctx.versionOf(options),
      ),

    revokePermission: (target: UserRef, actor: Actor, options: CommandOptions = {}) =>
      handleCommand(
        ctx.eventStore,
        userAccessStream(target.email),
        userAccessDecider,
        {
          type: 'RevokePermission',
          data: { userId: target.userId, email: normalizeEmail(target.email), isProtected: isProtected(target.email) },
          metadata: ctx.metadata('RevokePermission', actor, options),
        },
        ctx.versionOf(options),
      ),
  };
};
