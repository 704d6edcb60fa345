import type { Scheduler } from './scheduler';

export interface UserErrorRecord {
  readonly field: readonly string[] | null;
  readonly message: string;
  readonly code: string | null;
  readonly extraInfo: null;
}

export const userError = (field: readonly string[] | null, message: string, code: string | null): UserErrorRecord => ({
  field,
  message,
  code,
  extraInfo: null,
});

export interface BulkCreationEntry {
  readonly code: string;
  codeId: number | null;
  errors: UserErrorRecord[];
}

export interface BulkCreation {
  readonly id: number;
  readonly discountId: number;
  readonly createdAt: string;
  done: boolean;
  readonly entries: BulkCreationEntry[];
}

export interface JobRecord {
  readonly id: number;
  done: boolean;
}

export type BulkOperationStatus = 'CANCELED' | 'CANCELING' | 'COMPLETED' | 'CREATED' | 'EXPIRED' | 'FAILED' | 'RUNNING';

export interface BulkOperationRecord {
  readonly id: number;
  status: BulkOperationStatus;
  errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
  readonly createdAt: string;
  completedAt: string | null;
  objectCount: number;
  rootObjectCount: number;
  fileSize: number | null;
  url: string | null;
  readonly query: string;
  readonly groupObjects: boolean;
}

/** Per-shop runtime state that is not persisted: asynchronous jobs and bulk operations. */
export interface ShopServices {
  readonly bulkCreations: Map<number, BulkCreation>;
  readonly jobs: Map<number, JobRecord>;
  readonly bulkOperations: Map<number, BulkOperationRecord>;
  readonly scheduler: Scheduler;
  /** The emulator clock, read when a scheduled job runs rather than when it was submitted. */
  readonly clockNow: () => number;
  /** Writes the JSONL result of a bulk operation and returns its size in bytes; see bulk/run-bulk-query.ts. */
  readonly runBulkQuery: (op: BulkOperationRecord) => Promise<void>;
}
