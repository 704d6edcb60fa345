import type { SyncedCode } from '@dm/events/http';

/** Spec §2.8: 'MMM d, yyyy'. */
export const formatCreated = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '-';

/** Spec §2.8: 'used/limit' with a limit; otherwise '{n} used', or '-' when never used. */
export const usageText = (code: Pick<SyncedCode, 'usageCount' | 'usageLimit'>): string =>
  code.usageLimit !== null
    ? `${code.usageCount}/${code.usageLimit}`
    : code.usageCount > 0
      ? `${code.usageCount} used`
      : '-';

/** ACTIVE codes with a usage limit are refreshed more often (the monitoring tooltip's promise). */
export const isMonitored = (code: Pick<SyncedCode, 'status' | 'usageLimit'>): boolean =>
  code.status === 'ACTIVE' && code.usageLimit !== null;

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
