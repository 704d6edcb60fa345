import type { CodeSyncKind } from '@dm/events';
import type pg from 'pg';

export interface SyncRequest {
  readonly syncId: string;
  readonly storeId: number;
  readonly brandId: number;
  readonly storeSlug: string;
  readonly kind: CodeSyncKind;
  readonly updatedSince: string | null;
}

export interface SyncProgress {
  readonly codesSynced: number;
  readonly codesExpected: number | null;
  readonly linesDone: number;
  readonly bulkOperationId: string | null;
}

export interface SyncContext {
  readonly pool: pg.Pool;
  readonly signal: AbortSignal;
  readonly pollMs: number;
  readonly batchLines: number;
  readonly gramThreshold: number;
  /** Records a CodeSyncProgressed event (idempotent per position). */
  readonly progress: (progress: SyncProgress) => Promise<void>;
}

export interface SyncOutcome {
  readonly totalCodes: number;
  readonly totalDiscounts: number;
  readonly changed: number;
  readonly removed: number;
}
