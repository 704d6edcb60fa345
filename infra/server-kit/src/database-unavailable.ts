import pg from 'pg';

// SQLSTATE: 08xxx connection exception; 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
// (starting up or in recovery); 53300 too_many_connections; 57014 query_canceled (a statement timeout).
const unavailableStates = /^(08...|57P0[123]|53300|57014)$/;
// Socket errors on the way to the server: refused, reset, the Unix socket gone, unreachable.
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres reports a lost or timed-out connection with plain errors, known only by their text.
const unavailableMessages = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
]);

/**
 * True when the error means the database (or the connection to it) is not there right now — restarting, shut
 * down, unreachable, out of connections — rather than a fault in the request or the code: the caller may retry.
 * Only the error itself counts, not its `cause`: a wrapped socket error (a failed `fetch` to another service)
 * is not the database's.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (error instanceof pg.DatabaseError) return unavailableStates.test(error.code ?? '');
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (code && (unavailableSocketCodes.has(code) || (code === 'ENOENT' && syscall === 'connect'))) return true;
  return unavailableMessages.has(error.message);
};
