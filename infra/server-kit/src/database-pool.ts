import pg from 'pg';

/**
 * How long anything waits to get a database connection — a free one from the pool, or a new one (the pool's,
 * the pipelined ones, LISTEN, the runners' locks, which all take the pool's settings). Past it the caller gets
 * an error it answers as 503, instead of waiting on a server that is down, starting or out of connections.
 */
export const connectionTimeoutMs = 1_000;

/** The pool every long-running role (services, projectors, the local platform) works with (decision 0311). */
export const createDatabasePool = (connectionString: string, options: { max: number }): pg.Pool =>
  new pg.Pool({ connectionString, max: options.max, connectionTimeoutMillis: connectionTimeoutMs });
