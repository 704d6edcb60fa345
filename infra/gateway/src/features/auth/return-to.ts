import { z } from 'zod';

// Control characters and backslashes turn a path into another origin in some browsers.
// eslint-disable-next-line no-control-regex
const controlOrBackslash = /[\u0000-\u001f\u007f\\]/;

/**
 * Where to go after signing in: only a path on our own origin, never a sign-in or API route. Anything
 * else (absolute URLs, `//evil.example`, `/\evil.example`) falls back to `/`, so the login link cannot be
 * turned into an open redirect.
 */
export const safeReturnTo = (raw: string | undefined, publicUrl: string): string => {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || controlOrBackslash.test(raw)) return '/';
  const base = new URL(publicUrl);
  const target = new URL(raw, base);
  if (target.origin !== base.origin || target.pathname === '/api' || target.pathname.startsWith('/api/')) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
};

export const loginQuerySchema = z.object({
  returnTo: z.string().max(2048).optional().catch(undefined),
});

/** The provider's answer: a code and our state, or an error (RFC 6749 §4.1.2). */
export const callbackQuerySchema = z.object({
  state: z.string().min(1).max(512),
  code: z.string().min(1).max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});
