import { createHash, randomBytes } from 'node:crypto';
import { rankOf, type BrandScope, type PermissionLevel } from '@dm/events';
import type pg from 'pg';
import type { Queries } from './pipelined-queries';
import { sessionCachesOf, type SessionCache } from './session-cache';

export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly profileImageUrl: string | null;
  readonly level: PermissionLevel;
  /** Brands the person may work with; a super_admin works with every brand that exists. */
  readonly brandIds: BrandScope;
}

export interface SessionTimeouts {
  readonly idleMs: number;
  readonly absoluteMs: number;
}
export const defaultSessionTimeouts: SessionTimeouts = { idleMs: 12 * 3600_000, absoluteMs: 7 * 24 * 3600_000 };

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface NewSession {
  readonly email: string;
  readonly userId: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly profileImageUrl: string | null;
  readonly idToken: string | null;
}

/** Creates a session and returns the cookie value; only its hash is stored. */
export const createSession = async (db: pg.Pool, session: NewSession, timeouts = defaultSessionTimeouts) => {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO auth.sessions (id_hash, email, user_id, first_name, last_name, profile_image_url, id_token, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [
      hash(token),
      session.email,
      session.userId,
      session.firstName,
      session.lastName,
      session.profileImageUrl,
      session.idToken,
      timeouts.absoluteMs / 1000,
    ],
  );
  return token;
};

/** Ends one session; answers its id token (for logout at the provider), if any. */
export const deleteSession = async (db: pg.Pool, token: string): Promise<{ idToken: string | null } | null> => {
  const { rows } = await db.query<{ id_token: string | null }>(
    'DELETE FROM auth.sessions WHERE id_hash = $1 RETURNING id_token',
    [hash(token)],
  );
  // This process forgets at once; the other replicas when the revocation reaches them (session-cache.ts).
  for (const cache of sessionCachesOf(db)) cache.forgetSession(hash(token));
  return rows[0] ? { idToken: rows[0].id_token } : null;
};

export const deleteSessionsOf = async (db: pg.Pool, email: string) => {
  await db.query('DELETE FROM auth.sessions WHERE email = $1', [email]);
  for (const cache of sessionCachesOf(db)) cache.forgetPerson(email);
};

interface SessionRow {
  email: string;
  stale: boolean;
  expires_ms: number;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  levels: string[] | null;
  brand_ids: number[] | null;
}

/**
 * The signed-in person behind a cookie, with their level and brands as the permission read model has them
 * now: a removed or lowered permission takes effect on the very next request. Expired sessions are removed.
 */
export const findSessionUser = async (
  db: pg.Pool,
  token: string,
  timeouts = defaultSessionTimeouts,
  pipelined: Queries = db,
  cache?: SessionCache,
) => {
  const cached = cache?.get(hash(token));
  if (cached) return cached;
  const generation = cache?.generation() ?? 0;
  // A named statement: parsed and planned once per connection, as it runs on every request.
  const { rows } = await pipelined.query<SessionRow>({
    name: 'session-user',
    text: `SELECT s.email, s.user_id, s.first_name, s.last_name, s.profile_image_url,
       s.last_seen_at < now() - interval '1 minute' AS stale,
       (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
       p.levels, p.brand_ids
     FROM auth.sessions s
     CROSS JOIN LATERAL (SELECT array_agg(DISTINCT u.permission_level) AS levels, array_agg(DISTINCT u.brand_id) AS brand_ids
                         FROM rm.user_permissions u WHERE u.email = s.email) p
     WHERE s.id_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2)`,
    values: [hash(token), timeouts.idleMs / 1000],
  });
  // Touching the row on every request would serialise a person's parallel requests on its lock.
  if (rows[0]?.stale) await db.query('UPDATE auth.sessions SET last_seen_at = now() WHERE id_hash = $1', [hash(token)]);
  const row = rows[0];
  if (!row) {
    await db.query('DELETE FROM auth.sessions WHERE id_hash = $1', [hash(token)]);
    return null;
  }
  if (!row.levels?.length) {
    await deleteSessionsOf(db, row.email);
    return null;
  }
  const level = row.levels.reduce((a, b) => (rankOf(b) > rankOf(a) ? b : a)) as PermissionLevel;
  const user: SessionUser = {
    id: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    level,
    brandIds: level === 'super_admin' ? 'all' : (row.brand_ids ?? []).sort((a, b) => a - b),
  };
  cache?.put(hash(token), user, row.expires_ms, generation);
  return user;
};
