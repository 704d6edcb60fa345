import type { CodeSyncStatus } from '@dm/events/http';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { errorDetails, formatLastSync, isStalled, progressPercent, statusFailure, statusLabel } from './sync-view';

const status = (over: Partial<CodeSyncStatus> = {}): CodeSyncStatus => ({
  storeId: 1,
  storeName: 'Aurora GB',
  syncStatus: 'syncing',
  lastSyncAt: null,
  totalCodesImported: 0,
  errorMessage: null,
  updatedAt: '2026-11-24T15:00:00.000Z',
  codesSynced: 250,
  codesExpected: 1000,
  syncKind: 'full',
  hasFullSync: false,
  ...over,
});
const at = (iso: string) => Date.parse(iso);

describe('When a sync status is shown', () => {
  it('should label the spec’s values and call anything else Unknown', () => {
    expect(['idle', 'syncing', 'failed', 'error', 'paused'].map(statusLabel)).toEqual([
      'Ready',
      'Syncing',
      'Failed',
      'Error',
      'Unknown',
    ]);
  });
  it('should call a sync stalled only after more than 5 minutes without an update', () => {
    expect(isStalled(status(), at('2026-11-24T15:05:00.000Z'))).toBe(false);
    expect(isStalled(status(), at('2026-11-24T15:05:01.000Z'))).toBe(true);
    expect(isStalled(status({ syncStatus: 'idle' }), at('2026-11-24T16:00:00.000Z'))).toBe(false);
  });
  it('should show real progress, or none while the total is unknown', () => {
    expect(progressPercent(status())).toBe(25);
    expect(progressPercent(status({ codesExpected: null }))).toBeNull();
  });
  it('should format the last sync like the spec, or Never', () => {
    expect(formatLastSync(null)).toBe('Never');
    expect(formatLastSync('2026-11-24T15:05:00')).toBe('Nov 24, 2026 3:05 PM');
  });
  it('should split error details on " | " and explain a failed status call', () => {
    expect(errorDetails('THROTTLED | Bulk export cut')).toEqual(['THROTTLED', 'Bulk export cut']);
    expect(errorDetails(null)).toEqual([]);
    expect(statusFailure(new ApiError(404, 'Not Found', '{"message":"Store 9 was not found."}'))).toBe(
      'Store 9 was not found.',
    );
    expect(statusFailure(new ApiError(502, 'Bad Gateway', ''))).toBe('HTTP 502: Failed to fetch status');
    expect(statusFailure(new TypeError('network'))).toBe('Failed to fetch status');
  });
});
