import type { CookieSerializeOptions } from '@fastify/cookie';
import { defaultSessionTimeouts, sessionCookieName } from '@dm/server-kit';

/**
 * The session cookie (ARCHITECTURE §5): HttpOnly, SameSite=Lax (sent on the top-level navigation back from
 * the provider), Path=/, and `Secure` + `__Host-` when served over HTTPS. It lives as long as the session's
 * absolute expiry; the server also ends idle sessions.
 */
export const sessionCookie = (publicUrl: string) => {
  const secure = new URL(publicUrl).protocol === 'https:';
  const options: CookieSerializeOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure };
  return {
    name: sessionCookieName(secure),
    options,
    setOptions: { ...options, maxAge: defaultSessionTimeouts.absoluteMs / 1000 },
  };
};
