import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** A person the local OpenID provider knows; the subject (`sub`) is the lower-cased email. */
export interface OidcAccount {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly picture?: string | null;
}

export interface OidcClaims {
  readonly [claim: string]: unknown;
  readonly sub: string;
  readonly email: string;
  readonly email_verified: boolean;
  readonly given_name: string | null;
  readonly family_name: string | null;
  readonly picture: string | null;
}

const emailSchema = z.email().max(254);

export const normalizeLogin = (login: string): string | null => {
  const parsed = emailSchema.safeParse(login.trim().toLowerCase());
  return parsed.success ? parsed.data : null;
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Claims for a subject. Known accounts carry their demo names; any other well-formed email becomes an
 * account too (local only), so the "no access" path can be tried with e.g. `stranger@demo.test`.
 */
export const claimsFor = (accounts: readonly OidcAccount[], sub: string): OidcClaims | null => {
  const email = normalizeLogin(sub);
  if (!email) return null;
  const known = accounts.find((a) => a.email.toLowerCase() === email);
  return {
    sub: email,
    email,
    email_verified: true,
    given_name: known ? known.firstName : capitalised(email.split('@')[0] ?? ''),
    family_name: known ? known.lastName : null,
    picture: known?.picture ?? null,
  };
};

/** Constant-time comparison, so the local provider does not model a bad habit. */
export const passwordMatches = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};
