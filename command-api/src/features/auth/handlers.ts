import { accessRefusalsStream, normalizeEmail, userAccessStream } from '@dm/events';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { handleCommand } from '../../shared/handle-command';
import type { RecordSignIn } from '../users/commands';
import { userAccessDecider } from '../users/decider';
import { signInRefusalsDecider } from './decider';

/** The person signing in is the actor of their own sign-in bookkeeping. */
const selfActor = (email: string): Actor => ({
  id: `email:${normalizeEmail(email)}`,
  email,
  level: 'user',
  brandIds: [],
});

export const authHandlers = (ctx: CommandContext) => ({
  /** The write model decides who may sign in: NoAccessError when the email has no permission. */
  recordSignIn: (profile: RecordSignIn['data'], options: CommandOptions = {}) =>
    handleCommand(ctx.eventStore, userAccessStream(profile.email), userAccessDecider, {
      type: 'RecordSignIn',
      data: { ...profile, email: normalizeEmail(profile.email) },
      metadata: ctx.metadata('RecordSignIn', selfActor(profile.email), options),
    }),

  recordSignInRefusal: (email: string, reason: string, options: CommandOptions = {}) =>
    handleCommand(ctx.eventStore, accessRefusalsStream(email), signInRefusalsDecider, {
      type: 'RecordSignInRefusal',
      data: { email: normalizeEmail(email), reason },
      metadata: ctx.metadata('RecordSignInRefusal', selfActor(email), options),
    }),
});
