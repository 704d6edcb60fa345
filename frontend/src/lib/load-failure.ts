import { ZodError } from 'zod';
import { ApiError, errorMessage } from './api-client';

/**
 * Why a read failed, in words a person can act on. A 4xx carries the server's own message; a 5xx, a lost
 * connection or an answer of the wrong shape get a sentence of ours instead of a bare status or 'Internal error'.
 */
export const loadFailureReason = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Your session has ended. Sign in again to continue.';
    if (error.status < 500) return errorMessage(error);
    return `The server could not answer (HTTP ${error.status}). Try again; if it keeps failing, tell an administrator.`;
  }
  if (error instanceof ZodError)
    return 'The server sent an answer this page does not understand. Reload the page; if it keeps happening, tell an administrator.';
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection, then try again.';
  return errorMessage(error, 'Something went wrong.');
};
