import { StartProblem } from '@dm/postgres';

interface SystemError extends Error {
  readonly code?: string;
  readonly syscall?: string;
  readonly port?: number;
  readonly path?: string;
}

const fileProblem: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the file system is read-only',
};

/**
 * One sentence, cause and fix, for what stops a start: what we know by its error code, else the error's own
 * message with where to find the details. Never a stack trace (that goes to the debug log).
 */
export const explainStartFailure = (error: unknown, ports: { first: number; last: number }): string => {
  if (error instanceof StartProblem) return error.message;
  const {
    code,
    syscall,
    port,
    path: file,
    message,
  } = (error instanceof Error ? error : new Error(String(error))) as SystemError;
  const otherPorts = `start on other ports with PORT=<n> (the app uses PORT to PORT+4, now ${ports.first}–${ports.last})`;
  if (code === 'EADDRINUSE')
    return `Port ${port ?? ports.first} is already in use by another program: stop that program, or ${otherPorts}.`;
  if (code === 'EACCES' && syscall === 'listen')
    return `Port ${port ?? ports.first} is reserved for root here: ${otherPorts}, above 1023.`;
  if (code === 'ENOSPC') return `The disk is full${file ? ` (writing ${file})` : ''}: free some space and start again.`;
  if (code && file && fileProblem[code]) {
    return `Cannot write ${file} (${fileProblem[code]}): make it writable for this user, or set DM_DATA_DIR to a folder that is.`;
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT') {
    return `The database at DATABASE_URL does not answer (${code}): start it, or unset DATABASE_URL to use the embedded one.`;
  }
  if (code === '28P01' || code === '28000')
    return `The database at DATABASE_URL refused the login (${message}): fix the user or password in DATABASE_URL.`;
  if (code === '3D000')
    return `The database named in DATABASE_URL does not exist (${message}): create it, or fix DATABASE_URL.`;
  return `${message.replace(/\s+/g, ' ').trim()} (run again with LOG_LEVEL=debug for the details).`;
};
