import { randomUUID } from 'node:crypto';
import type { EventStore } from '@dm/event-store';
import {
  accessRefusalsStream,
  brandRegistryStream,
  commandPolicy,
  hasLevel,
  normalizeEmail,
  userAccessStream,
  type AuthType,
  type PermissionLevel,
  type PolicedCommand,
} from '@dm/events';
import { ForbiddenError } from '@dm/server-kit';
import { signInRefusalsDecider } from './features/auth/decider';
import { brandsDecider } from './features/brands/decider';
import { userAccessDecider } from './features/users/decider';
import { systemActor, type Actor, type CommandMetadata } from './shared/command';
import { handleCommand } from './shared/handle-command';

export { systemActor, type Actor } from './shared/command';
export { NoAccessError } from './features/users/decider';

export interface CommandContext {
  readonly commandId?: string;
  readonly correlationId?: string;
  readonly expectedVersion?: bigint;
}

export interface CommandBusOptions {
  readonly eventStore: EventStore;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

/**
 * The one way commands enter the system: HTTP routes, the seed, the CLI and the gateway's sign-in all go
 * through here, so the policy table and the deciders apply to every caller alike.
 */
export const createCommandBus = ({ eventStore, now = () => new Date(), newId = randomUUID }: CommandBusOptions) => {
  const metadata = (type: PolicedCommand, actor: Actor, context: CommandContext): CommandMetadata => {
    const entry = commandPolicy[type];
    if (entry.access !== 'public' && !hasLevel(actor.level, entry.level)) {
      throw new ForbiddenError(`This needs the ${entry.level.replace('_', ' ')} level or higher.`);
    }
    const commandId = context.commandId ?? newId();
    return { commandId, correlationId: context.correlationId ?? commandId, causationId: null, now: now().toISOString(), actor };
  };
  const versionOf = (context: CommandContext) =>
    context.expectedVersion === undefined ? {} : { expectedVersion: context.expectedVersion };

  return {
    newId,
    registerBrand: (name: string, actor: Actor = systemActor, context: CommandContext = {}) =>
      handleCommand(eventStore, brandRegistryStream(), brandsDecider, {
        type: 'RegisterBrand',
        data: { name },
        metadata: metadata('RegisterBrand', actor, context),
      }),

    grantPermission: (
      grant: { email: string; permissionLevel: PermissionLevel; brandIds: readonly number[] },
      actor: Actor,
      context: CommandContext = {},
    ) =>
      handleCommand(
        eventStore,
        userAccessStream(grant.email),
        userAccessDecider,
        {
          type: 'GrantPermission',
          data: { ...grant, email: normalizeEmail(grant.email), userId: newId() },
          metadata: metadata('GrantPermission', actor, context),
        },
        versionOf(context),
      ),

    recordSignIn: (
      profile: { email: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null; authType: AuthType },
      context: CommandContext = {},
    ) => {
      const actor: Actor = { id: `email:${normalizeEmail(profile.email)}`, email: profile.email, level: 'user', brandIds: [] };
      return handleCommand(eventStore, userAccessStream(profile.email), userAccessDecider, {
        type: 'RecordSignIn',
        data: { ...profile, email: normalizeEmail(profile.email) },
        metadata: metadata('RecordSignIn', actor, context),
      });
    },

    recordSignInRefusal: (email: string, reason: string, context: CommandContext = {}) => {
      const actor: Actor = { id: `email:${normalizeEmail(email)}`, email, level: 'user', brandIds: [] };
      return handleCommand(eventStore, accessRefusalsStream(email), signInRefusalsDecider, {
        type: 'RecordSignInRefusal',
        data: { email: normalizeEmail(email), reason },
        metadata: metadata('RecordSignInRefusal', actor, context),
      });
    },
  };
};

export type CommandBus = ReturnType<typeof createCommandBus>;
