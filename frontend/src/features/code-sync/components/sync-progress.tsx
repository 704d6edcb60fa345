import type { CodeSyncStatus } from '@dm/events/http';
import { progressPercent } from '../utils/sync-view';

/** Codes so far of the expected total; the spec's indeterminate bar at 33 % only while the total is unknown. */
export function SyncProgress({ status }: { status: CodeSyncStatus | undefined }) {
  const percent = status ? progressPercent(status) : null;
  const known = percent !== null;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label="Sync progress"
        aria-valuemin={0}
        aria-valuemax={100}
        {...(known ? { 'aria-valuenow': percent } : {})}
        className="h-2 w-full overflow-hidden rounded-full bg-secondary"
      >
        <div
          className={known ? 'h-full bg-primary transition-[width]' : 'h-full animate-pulse bg-primary'}
          style={{ width: `${known ? percent : 33}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {status && known
          ? `${status.codesSynced.toLocaleString('en-US')} of ${status.codesExpected!.toLocaleString('en-US')} codes`
          : 'Preparing the export…'}
      </p>
    </div>
  );
}
