import { codeSyncStalledAfterMs, type CodeSyncStatus } from '@dm/events/http';
import { ApiError, errorMessage } from '@/lib/api-client';

export type DisplayStatus = CodeSyncStatus['syncStatus'] | 'error';

/** Spec §4: idle is shown 'Ready'; any other value 'Unknown'. */
export const statusLabel = (status: string): string =>
  ({ idle: 'Ready', syncing: 'Syncing', failed: 'Failed', error: 'Error' })[status] ?? 'Unknown';

/** Spec §4: syncing with no update for more than 5 minutes. */
export const isStalled = (status: CodeSyncStatus, now: number): boolean =>
  status.syncStatus === 'syncing' &&
  status.updatedAt !== null &&
  now - Date.parse(status.updatedAt) > codeSyncStalledAfterMs;

/** Codes so far of the expected total, as a percentage; null when the total is not known yet (spec: 33 %, indeterminate). */
export const progressPercent = (status: CodeSyncStatus): number | null =>
  status.codesExpected === null || status.codesExpected === 0
    ? null
    : Math.min(100, Math.round((status.codesSynced / status.codesExpected) * 100));

/** Spec §2.7: 'MMM d, yyyy h:mm a' (like 'Nov 24, 2026 3:05 PM'), or 'Never'. */
export const formatLastSync = (iso: string | null): string => {
  if (!iso) return 'Never';
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${day} ${time}`;
};

/** Spec §2.7: the error details are the message split on ' | '. */
export const errorDetails = (message: string | null): string[] =>
  (message ?? '')
    .split(' | ')
    .map((part) => part.trim())
    .filter(Boolean);

/** Spec §8: the server's message, else 'HTTP {status}: Failed to fetch status', else 'Failed to fetch status'. */
export const statusFailure = (error: unknown): string => {
  if (error instanceof ApiError) {
    const message = errorMessage(error, '');
    return message && message !== error.message ? message : `HTTP ${error.status}: Failed to fetch status`;
  }
  return 'Failed to fetch status';
};
