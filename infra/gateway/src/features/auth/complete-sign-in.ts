import type { AuthType } from '@dm/events';
import type { NewSession } from '@dm/server-kit';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { takeLoginAttempt } from './login-attempts';
import { SignInError, type OidcClient } from './oidc-client';
import { signInFailedPage } from './pages';
import { callbackQuerySchema } from './return-to';
import { SignInNotRecordedError, type RecordSignIn } from './sign-in-recorder';

export interface SignInDependencies {
  readonly db: pg.Pool;
  readonly publicUrl: string;
  readonly oidc: OidcClient;
  readonly recordSignIn: RecordSignIn;
  readonly authType: AuthType;
}

export type SignInOutcome =
  | { readonly kind: 'signed-in'; readonly session: NewSession; readonly returnTo: string }
  | { readonly kind: 'no-access' }
  | { readonly kind: 'failed'; readonly status: number; readonly page: string };

const failed = (status: number, reason: string): SignInOutcome => ({
  kind: 'failed',
  status,
  page: signInFailedPage(reason),
});

/**
 * The provider sent the browser back: check the answer against the attempt we stored, redeem the code,
 * and let the write model decide (the command API records the sign-in or the refusal). Never logs the code,
 * tokens or state.
 */
export const completeSignIn = async (request: FastifyRequest, options: SignInDependencies): Promise<SignInOutcome> => {
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
    return failed(
      400,
      error instanceof SignInError ? error.message : 'The identity provider’s answer could not be verified.',
    );
  }

  const { idToken, ...person } = profile;
  let answer;
  try {
    answer = await options.recordSignIn({ ...person, authType: options.authType }, request.id);
  } catch (error) {
    if (error instanceof SignInNotRecordedError && error.status === 400) {
      request.log.warn('the identity provider sent a profile the command API refused');
      return failed(
        400,
        'The profile your identity provider sent could not be used (for example, an invalid email address).',
      );
    }
    request.log.error({ err: error }, 'recording the sign-in failed');
    return failed(500, 'Something went wrong on our side while signing you in.');
  }
  if (answer.outcome === 'no-access') {
    request.log.info('sign-in refused: no permission row');
    return { kind: 'no-access' };
  }
  return { kind: 'signed-in', session: { ...person, userId: answer.userId, idToken }, returnTo: attempt.returnTo };
};
