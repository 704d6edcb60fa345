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
  readonly type: 'QUERY' | 'MUTATION';
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
  /** A bulk mutation's variables, one JSON object per line (the staged upload it was run with). */
  readonly variablesJsonl?: string;
}

/** Per-shop runtime state that is not persisted: asynchronous jobs and bulk operations. */
export interface ShopServices {
  readonly bulkCreations: Map<number, BulkCreation>;
  readonly jobs: Map<number, JobRecord>;
  readonly bulkOperations: Map<number, BulkOperationRecord>;
  /** Staged uploads by key: the file's content once uploaded, null before (reference §8.5). */
  readonly stagedUploads: Map<string, string | null>;
  readonly scheduler: Scheduler;
  /** The emulator clock, read when a scheduled job runs rather than when it was submitted. */
  readonly clockNow: () => number;
  /** Writes the JSONL result of a bulk operation and returns its size in bytes; see bulk/run-bulk-query.ts. */
  readonly runBulkQuery: (op: BulkOperationRecord) => Promise<void>;
  /** Runs a bulk mutation's lines later, one mutation each; see bulk/run-bulk-mutation.ts. */
  readonly runBulkMutation: (op: BulkOperationRecord) => void;
  /** Where `stagedUploadsCreate` tells a client to upload (the emulator's own upload route). */
  readonly stagedUploadUrl: () => string;
}
