import type pg from 'pg';

export interface LoginAttempt {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  readonly returnTo: string;
}

/** A sign-in must come back within this time; older attempts are refused and swept. */
const maxAgeSeconds = 600;

export const saveLoginAttempt = async (db: pg.Pool, attempt: LoginAttempt) => {
  await db.query(`DELETE FROM auth.login_attempts WHERE created_at < now() - make_interval(secs => $1)`, [
    maxAgeSeconds,
  ]);
  await db.query('INSERT INTO auth.login_attempts (state, nonce, code_verifier, return_to) VALUES ($1, $2, $3, $4)', [
    attempt.state,
    attempt.nonce,
    attempt.codeVerifier,
    attempt.returnTo,
  ]);
};

/** Single use: the row is deleted as it is read, so a replayed callback finds nothing. */
export const takeLoginAttempt = async (db: pg.Pool, state: string): Promise<LoginAttempt | null> => {
  const { rows } = await db.query<{ nonce: string; code_verifier: string; return_to: string; fresh: boolean }>(
    `DELETE FROM auth.login_attempts WHERE state = $1
     RETURNING nonce, code_verifier, return_to, created_at > now() - make_interval(secs => $2) AS fresh`,
    [state, maxAgeSeconds],
  );
  const row = rows[0];
  if (!row?.fresh) return null;
  return { state, nonce: row.nonce, codeVerifier: row.code_verifier, returnTo: row.return_to };
};
