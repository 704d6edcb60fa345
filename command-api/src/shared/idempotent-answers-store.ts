import type { Queries } from '@dm/server-kit';

/** What the first request with a key answered, or that it is still in flight (status null). */
export interface StoredAnswer {
  readonly fingerprint: string;
  readonly status: number | null;
  readonly headers: Record<string, string> | null;
  readonly body: string | null;
}

/** How long an unanswered claim holds its key without being renewed: past it, the request is taken for dead. */
export const leaseSeconds = 15;
const keptFor = '1 day';

/** The rows of api.idempotent_answers (migration 0115, decision 1330), one single statement each. */
export const idempotentAnswersStore = (db: Queries) => ({
  /**
   * Takes the key for this request: true when it was free, its holder's lease ran out, or its answer is older
   * than a day; false when another request holds it or has answered it.
   */
  claim: async (key: string, fingerprint: string): Promise<boolean> => {
    const { rowCount } = await db.query({
      name: 'idempotent-claim',
      text: `INSERT INTO api.idempotent_answers AS a (key, fingerprint, lease_until)
             VALUES ($1, $2, now() + make_interval(secs => $3))
             ON CONFLICT (key) DO UPDATE
               SET fingerprint = EXCLUDED.fingerprint, lease_until = EXCLUDED.lease_until, created_at = now(),
                   status = NULL, headers = NULL, body = NULL
               WHERE (a.status IS NULL AND a.lease_until < now()) OR a.created_at < now() - interval '${keptFor}'`,
      values: [key, fingerprint, leaseSeconds],
    });
    return rowCount === 1;
  },

  read: async (key: string): Promise<StoredAnswer | null> => {
    const { rows } = await db.query<StoredAnswer>({
      name: 'idempotent-read',
      text: 'SELECT fingerprint, status, headers, body FROM api.idempotent_answers WHERE key = $1',
      values: [key],
    });
    return rows[0] ?? null;
  },

  /** The holder is still at work: its claim lives on. */
  renew: async (key: string) => {
    await db.query({
      name: 'idempotent-renew',
      text: `UPDATE api.idempotent_answers SET lease_until = now() + make_interval(secs => $2)
             WHERE key = $1 AND status IS NULL`,
      values: [key, leaseSeconds],
    });
  },

  answer: async (key: string, status: number, headers: Record<string, string>, body: string | null) => {
    await db.query({
      name: 'idempotent-answer',
      text: 'UPDATE api.idempotent_answers SET status = $2, headers = $3, body = $4 WHERE key = $1 AND status IS NULL',
      values: [key, status, JSON.stringify(headers), body],
    });
  },

  /** The request failed: nothing to answer again, so a retry with the key runs afresh. */
  release: async (key: string) => {
    await db.query({
      name: 'idempotent-release',
      text: 'DELETE FROM api.idempotent_answers WHERE key = $1 AND status IS NULL',
      values: [key],
    });
  },

  prune: async () => {
    await db.query({
      name: 'idempotent-prune',
      text: `DELETE FROM api.idempotent_answers WHERE created_at < now() - interval '${keptFor}'`,
    });
  },
});

export type IdempotentAnswersStore = ReturnType<typeof idempotentAnswersStore>;
