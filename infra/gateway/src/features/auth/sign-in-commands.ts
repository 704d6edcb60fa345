import type { CommandBus } from '@dm/command-api/commands';

/** The two commands sign-in sends; the write model decides who may sign in. */
export type SignInCommands = Pick<CommandBus, 'recordSignIn' | 'recordSignInRefusal'>;
