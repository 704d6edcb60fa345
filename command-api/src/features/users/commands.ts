import { normalizeEmail, userAccessStream, type PermissionLevel } from '@dm/events';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { handleCommand } from '../../shared/handle-command';
import { userAccessDecider } from './decider';

export const userCommands = (ctx: CommandContext) => ({
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
});
