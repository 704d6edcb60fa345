import type { SignInRefused } from '@dm/events';
import type { Command, Decider } from '../../shared/command';

export type RecordSignInRefusal = Command<'RecordSignInRefusal', { email: string; reason: string }>;

/** Refusals are an audit trail only: nothing to decide beyond recording them. */
export const signInRefusalsDecider = {
  initialState: null,
  evolve: () => null,
  decide: (command: RecordSignInRefusal): SignInRefused[] => [
    { type: 'SignInRefused', data: { ...command.data, refusedAt: command.metadata.now } },
  ],
} satisfies Decider<null, RecordSignInRefusal, SignInRefused>;
