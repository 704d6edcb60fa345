import pg from 'pg';
import { sleep } from './backoff';

export interface HeldLock {
  /** Aborts when the lock's connection ends: the lock is gone and another runner may take over. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

/** One try at a session-level advisory lock on its own connection, held for as long as the connection lives. */
export const tryAdvisoryLock = async (pool: pg.Pool, key: string): Promise<HeldLock | undefined> => {
  const client = new pg.Client(pool.options);
  const lost = new AbortController();
  client.on('error', () => lost.abort());
  client.on('end', () => lost.abort());
  try {
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok', [
      key,
    ]);
    if (rows[0]?.ok) {
      return { lost: lost.signal, release: () => client.end().catch(() => undefined) };
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  await client.end().catch(() => undefined);
  return undefined;
};

/**
 * Waits until this process holds the lock (another runner holds it meanwhile: one active runner per key), or
 * until `signal` aborts (then undefined). Connection errors count as "not yet".
 */
export const acquireAdvisoryLock = async (
  pool: pg.Pool,
  key: string,
  options: { signal: AbortSignal; retryMs: number; onBusy?: () => void; onError?: (error: unknown) => void },
): Promise<HeldLock | undefined> => {
  while (!options.signal.aborted) {
    try {
      const lock = await tryAdvisoryLock(pool, key);
      if (lock) return lock;
      options.onBusy?.();
    } catch (error) {
      options.onError?.(error);
    }
    await sleep(options.retryMs, options.signal);
  }
  return undefined;
};
