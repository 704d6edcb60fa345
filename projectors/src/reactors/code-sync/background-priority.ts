import { readFile } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import type pg from 'pg';

/**
 * The nice value of a big sync's background work (its gram count's thread, its PostgreSQL backends), decision 1455:
 * on a machine with few cores a small store's short sync then gets the CPU first, and the big one takes the rest.
 */
export const backgroundNice = 10;

/** An export of at least this many lines is a big sync: its work runs at `backgroundNice`. */
export const backgroundLines = 20_000;

/**
 * Whether the backend `pid` this client talks to is a process of this machine: over a Unix socket, or over
 * loopback with the server seeing our own socket's port (a container's port mapping shows another port, and its
 * pids are another namespace's). A remote server's pid names nothing here, so it is never touched.
 */
const backendIsLocal = (client: pg.PoolClient, seen: { addr: string | null; port: number | null }): boolean => {
  if (seen.addr === null) return client.host.startsWith('/');
  const loopback = seen.addr === '127.0.0.1/32' || seen.addr === '::1/128' || seen.addr.startsWith('127.');
  const socket = client.connection.stream as { localPort?: number };
  return loopback && seen.port !== null && seen.port === socket.localPort;
};

/**
 * Lowers the OS priority of the client's backend process to `backgroundNice` when the server runs on this machine
 * and the process may be reniced (root, or the same user); answers whether it did. A reniced backend must not go
 * back to the pool (raising a priority again needs a privilege): release it with `release(true)`.
 */
export const lowerBackendPriority = async (client: pg.PoolClient): Promise<boolean> => {
  const { rows } = await client.query<{ pid: number; addr: string | null; port: number | null }>(
    'SELECT pg_backend_pid() AS pid, inet_server_addr()::text AS addr, inet_client_port() AS port',
  );
  const seen = rows[0]!;
  if (!backendIsLocal(client, seen)) return false;
  const comm = await readFile(`/proc/${seen.pid}/comm`, 'utf8').catch(() => '');
  if (comm.trim() !== 'postgres') return false;
  try {
    // Lower only: a server already running at a lower priority (a niced test run) is left there, never raised.
    if (getPriority(seen.pid) < backgroundNice) setPriority(seen.pid, backgroundNice);
    return true;
  } catch {
    return false; // not allowed (another user's process without the privilege): it runs at its own priority
  }
};

/** A pooled connection for background work: its backend reniced when it may be, and then never pooled again. */
export const backgroundClient = async (pool: pg.Pool, background: boolean) => {
  const client = await pool.connect();
  let lowered = false;
  try {
    lowered = background && (await lowerBackendPriority(client));
  } catch (error) {
    client.release(true);
    throw error;
  }
  return { client, release: (broken = false) => client.release(broken || lowered) };
};
