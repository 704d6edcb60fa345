import { createSession, deleteSession } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { completeSignIn, type SignInDependencies } from './complete-sign-in';
import { saveLoginAttempt } from './login-attempts';
import { noAccessPage, providerUnreachablePage } from './pages';
import { loginQuerySchema, safeReturnTo } from './return-to';
import { sessionCookie } from './session-cookie';

export interface AuthRoutesOptions extends SignInDependencies {
  /** Sign-in requests per IP and minute (login and callback each). */
  readonly rateLimitPerMinute: number;
}

/** Sign-in with OpenID Connect (ARCHITECTURE §5): code flow with PKCE (S256), state and nonce. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, publicUrl, oidc } = options;
  const cookie = sessionCookie(publicUrl);
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };

  app.get(
    '/api/login',
    { schema: { querystring: loginQuerySchema }, config: { rateLimit } },
    async (request, reply) => {
      const config = await oidc.configuration().catch((error: unknown) => {
        request.log.error({ err: error }, 'identity provider unreachable at login');
        return null;
      });
      if (!config) {
        return reply.status(503).type('text/html; charset=utf-8').send(providerUnreachablePage());
      }
      const attempt = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        returnTo: safeReturnTo(request.query.returnTo, publicUrl),
      };
      await saveLoginAttempt(db, attempt);
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: `${publicUrl}/api/callback`,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
        state: attempt.state,
        nonce: attempt.nonce,
      });
      return reply.header('cache-control', 'no-store').redirect(url.href, 303);
    },
  );

  app.get('/api/callback', { config: { rateLimit } }, async (request, reply) => {
    const outcome = await completeSignIn(request, options);
    reply.header('cache-control', 'no-store');
    if (outcome.kind === 'failed')
      return reply.status(outcome.status).type('text/html; charset=utf-8').send(outcome.page);
    if (outcome.kind === 'no-access') return reply.redirect('/api/no-access', 303);
    // Rotate: whatever session this browser had ends now, so a planted cookie cannot survive a sign-in.
    const previous = request.cookies[cookie.name];
    if (previous) await deleteSession(db, previous);
    const token = await createSession(db, outcome.session);
    return reply.setCookie(cookie.name, token, cookie.setOptions).redirect(outcome.returnTo, 303);
  });

  app.get('/api/logout', async (request, reply) => {
    const token = request.cookies[cookie.name];
    const ended = token ? await deleteSession(db, token) : null;
    reply.clearCookie(cookie.name, cookie.options).header('cache-control', 'no-store');
    try {
      const config = await oidc.configuration();
      if (!config.serverMetadata().end_session_endpoint) return reply.redirect('/', 303);
      const url = client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: `${publicUrl}/`,
        ...(ended?.idToken ? { id_token_hint: ended.idToken } : {}),
      });
      return reply.redirect(url.href, 303);
    } catch (error) {
      // Our session is gone either way; the provider's own session simply outlives it.
      request.log.warn({ err: error }, 'identity provider unreachable at logout');
      return reply.redirect('/', 303);
    }
  });

  app.get('/api/no-access', async (_request, reply) =>
    reply.status(403).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(noAccessPage()),
  );
};
