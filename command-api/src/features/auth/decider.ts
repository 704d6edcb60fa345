import type { SignInRefused } from '@dm/events';
import type { Decider } from '../../shared/command';
import type { RecordSignInRefusal } from './commands';

/** Refusals are an audit trail only: nothing to decide beyond recording them. */
export const signInRefusalsDecider = {
  initialState: null,
  evolve: () => null,
  decide: (command: RecordSignInRefusal): SignInRefused[] => [
    { type: 'SignInRefused', data: { ...command.data, refusedAt: command.metadata.now } },
  ],
} satisfies Decider<null, RecordSignInRefusal, SignInRefused>;
