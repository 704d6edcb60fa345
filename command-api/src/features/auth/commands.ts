import type { Command } from '../../shared/command';

/** Recording a sign-in itself is `RecordSignIn` of the users feature: it is decided on the person's access stream. */
export type RecordSignInRefusal = Command<'RecordSignInRefusal', { email: string; reason: string }>;
