import pg from 'pg';

/**
 * How long anything waits to get a database connection — a free one from the pool, or a new one (the pool's,
 * the pipelined ones, LISTEN, the runners' locks, which all take the pool's settings). Past it the caller gets
 * an error it answers as 503, instead of waiting on a server that is down, starting or out of connections.
 */
export const connectionTimeoutMs = 1_000;

/**
 * The same wait for roles no person waits on (projector processes, reactor workers): a burst of their own work,
 * such as a worker taking a dead one's partitions and resuming every effect it had in hand at once, queues for the
 * pool's connections for seconds, and failing the batch then only retries it later (decision 1556).
 */
export const backgroundConnectionTimeoutMs = 10_000;

/** The pool every long-running role (services, projectors, the local platform) works with (decision 0311). */
export const createDatabasePool = (
  connectionString: string,
  options: { max: number; connectionTimeoutMs?: number },
): pg.Pool =>
  new pg.Pool({
    connectionString,
    max: options.max,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? connectionTimeoutMs,
  });
