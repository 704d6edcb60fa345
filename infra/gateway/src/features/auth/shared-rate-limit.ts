import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Windows older than this are swept (a window is a minute; an hour leaves room for any route's window). */
const sweepAfterSeconds = 3600;
/** One sweep every this many counts per gateway: cheap, and the table stays the size of an hour's callers. */
const sweepEvery = 500;

/**
 * Counts one hit of `key` in PostgreSQL, atomically, so every gateway replica counts against the same limit:
 * a window older than `timeWindowMs` starts again at 1. Answers the hits in the window and the ms it has left.
 */
export const countHit = async (db: pg.Pool, key: string, timeWindowMs: number): Promise<Counted> => {
  const { rows } = await db.query<{ hits: number; ttl_ms: string }>(
    `INSERT INTO auth.rate_limits AS r (key, window_started_at, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_started_at + make_interval(secs => $2) <= now() THEN 1 ELSE r.hits + 1 END,
       window_started_at = CASE WHEN r.window_started_at + make_interval(secs => $2) <= now()
                                THEN now() ELSE r.window_started_at END
     RETURNING hits, greatest(0, ceil(extract(epoch FROM r.window_started_at + make_interval(secs => $2) - now()) * 1000))::bigint AS ttl_ms`,
    [key, timeWindowMs / 1000],
  );
  const row = rows[0]!;
  return { current: row.hits, ttl: Number(row.ttl_ms) };
};

/**
 * A store for @fastify/rate-limit that keeps its counts in `auth.rate_limits` instead of each process's memory
 * (with N gateways the in-memory limit was N times the configured one). A route's counts are its own.
 */
export const sharedRateLimitStore = (db: pg.Pool): FastifyRateLimitStoreCtor => {
  let counted = 0;
  const sweep = () =>
    db
      .query(`DELETE FROM auth.rate_limits WHERE window_started_at < now() - make_interval(secs => $1)`, [
        sweepAfterSeconds,
      ])
      .catch(() => undefined);
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (++counted % sweepEvery === 0) void sweep();
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: unknown; url?: unknown } }) {
      const { method, url } = routeOptions.routeInfo ?? {};
      return new SharedStore(routeOptions, `${String(method)} ${String(url)} `);
    }
  }
  return SharedStore;
};
