import { NoAccessError } from '@dm/command-api/commands';
import type { NewSession } from '@dm/server-kit';
import type { FastifyRequest } from 'fastify';
import { takeLoginAttempt } from './login-attempts';
import { SignInError } from './oidc-client';
import { signInFailedPage } from './pages';
import { callbackQuerySchema } from './return-to';
import type { AuthRoutesOptions } from './routes';

export type SignInOutcome =
  | { readonly kind: 'signed-in'; readonly session: NewSession; readonly returnTo: string }
  | { readonly kind: 'no-access' }
  | { readonly kind: 'failed'; readonly status: number; readonly page: string };

const failed = (status: number, reason: string): SignInOutcome => ({ kind: 'failed', status, page: signInFailedPage(reason) });

/**
 * The provider sent the browser back: check the answer against the attempt we stored, redeem the code,
 * and let the write model decide (recordSignIn). Never logs the code, tokens or state.
 */
export const completeSignIn = async (request: FastifyRequest, options: AuthRoutesOptions): Promise<SignInOutcome> => {
  const query = callbackQuerySchema.safeParse(request.query);
  if (!query.success) return failed(400, 'The answer from the identity provider was incomplete.');
  const attempt = await takeLoginAttempt(options.db, query.data.state);
  if (!attempt) return failed(400, 'This sign-in was not started here, was already used, or took too long.');
  if (query.data.error) {
    request.log.info({ error: query.data.error }, 'identity provider refused the sign-in');
    return failed(400, `The identity provider did not sign you in (${query.data.error}).`);
  }

  const callbackUrl = new URL(request.url, options.publicUrl);
  let profile;
  try {
    profile = await options.oidc.profileFrom(callbackUrl, attempt);
  } catch (error) {
    request.log.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'sign-in code exchange failed');
    return failed(400, error instanceof SignInError ? error.message : 'The identity provider’s answer could not be verified.');
  }

  const { idToken, ...person } = profile;
  try {
    const result = await options.commands.recordSignIn({ ...person, authType: options.authType }, { correlationId: request.id });
    const signedIn = result.events.find((e) => e.type === 'UserSignedIn');
    if (!signedIn) return failed(500, 'Your sign-in could not be recorded.');
    return { kind: 'signed-in', session: { ...person, userId: signedIn.data.userId, idToken }, returnTo: attempt.returnTo };
  } catch (error) {
    if (!(error instanceof NoAccessError)) {
      request.log.error({ err: error }, 'recording the sign-in failed');
      return failed(500, 'Something went wrong on our side while signing you in.');
    }
    // The person has no access either way; a failure to record the refusal must not hide that answer.
    await options.commands
      .recordSignInRefusal(profile.email, 'no permission row', { correlationId: request.id })
      .catch((cause: unknown) => request.log.error({ err: cause }, 'recording the sign-in refusal failed'));
    request.log.info('sign-in refused: no permission row');
    return { kind: 'no-access' };
  }
};
