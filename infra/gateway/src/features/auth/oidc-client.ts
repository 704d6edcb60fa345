import * as client from 'openid-client';

export interface OidcSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface SignedInProfile {
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly profileImageUrl: string | null;
  readonly idToken: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Thrown when the provider's answer is unusable; its message is safe to show. */
export class SignInError extends Error {}

/**
 * The provider, discovered on first use and remembered (a failed discovery is retried next time), so the
 * gateway starts even while the provider is still starting. Plain HTTP is allowed for loopback issuers only.
 */
export const createOidcClient = (settings: OidcSettings) => {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:';
  if (insecure && !loopback.has(issuer.hostname)) {
    throw new Error(`OIDC_ISSUER must use https (plain http is for a local provider only): ${settings.issuer}`);
  }
  let pending: Promise<client.Configuration> | null = null;
  const configuration = () =>
    (pending ??= client
      .discovery(issuer, settings.clientId, settings.clientSecret, client.ClientSecretPost(settings.clientSecret), {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      }));

  /** Redeems the code (checking state, nonce, PKCE and the ID token) and reads the person's profile. */
  const profileFrom = async (
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<SignedInProfile> => {
    const config = await configuration();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new SignInError('The identity provider sent no ID token.');
    // Providers that keep the ID token small put the profile behind the userinfo endpoint instead.
    const claims: Record<string, unknown> =
      typeof idClaims.email === 'string'
        ? idClaims
        : { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
    const email = text(claims.email)?.toLowerCase();
    if (!email) throw new SignInError('The identity provider did not share your email address.');
    if (claims.email_verified === false)
      throw new SignInError('Your email address is not verified at the identity provider.');
    return {
      email,
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
      profileImageUrl: text(claims.picture),
      idToken: tokens.id_token ?? null,
    };
  };

  return { configuration, profileFrom };
};

export type OidcClient = ReturnType<typeof createOidcClient>;
