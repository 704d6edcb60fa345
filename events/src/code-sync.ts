import { z } from 'zod';
import { eventSchema, isoDateTime } from './define-event';

/**
 * A store's code syncs, one stream per store (`code-sync:<storeId>`, decision 0900): the lifecycle of every sync
 * (requested, started, progress, completed, failed) so status and history are auditable and rebuildable. The
 * synced codes themselves are not events (ARCHITECTURE §3, the one exception): the reactor writes them to
 * `rm.synced_codes` with COPY.
 */
export const codeSyncStream = (storeId: number) => `code-sync:${storeId}`;

/** After a sync, no update for this long means it is stalled (spec 000 §4). */
export const codeSyncStalledAfterMs = 5 * 60 * 1000;

const id = z.number().int().positive();
const count = z.number().int().nonnegative();

/**
 * `full`: every code discount through a bulk export, loaded into a fresh table and swapped in.
 * `incremental`: discounts updated since the last successful sync began (with overlap), plus deletions.
 * `usage`: the frequent pass over ACTIVE discounts with a usage limit (their usage counts).
 */
export const codeSyncKindSchema = z.enum(['full', 'incremental', 'usage']);
export type CodeSyncKind = z.infer<typeof codeSyncKindSchema>;

export const codeSyncRequestedSchema = eventSchema(
  'CodeSyncRequested',
  z.object({
    syncId: z.uuid(),
    storeId: id,
    brandId: id,
    storeSlug: z.string(),
    kind: codeSyncKindSchema,
    /** Incremental: discounts updated after this instant (the last successful sync's start, less the overlap). */
    updatedSince: isoDateTime.nullable(),
    requestedAt: isoDateTime,
  }),
);
/** A stalled sync asked to continue: the reactor resumes the same sync from its checkpoint. */
export const codeSyncResumeRequestedSchema = eventSchema(
  'CodeSyncResumeRequested',
  z.object({
    syncId: z.uuid(),
    storeId: id,
    brandId: id,
    storeSlug: z.string(),
    kind: codeSyncKindSchema,
    requestedAt: isoDateTime,
  }),
);
export const codeSyncStartedSchema = eventSchema(
  'CodeSyncStarted',
  z.object({ syncId: z.uuid(), storeId: id, kind: codeSyncKindSchema, startedAt: isoDateTime }),
);
/**
 * A batch done. `linesDone` is the resume checkpoint of a full sync (JSONL lines loaded into its fresh table);
 * `bulkOperationId` names the export being loaded, so a resume downloads the same file again.
 */
export const codeSyncProgressedSchema = eventSchema(
  'CodeSyncProgressed',
  z.object({
    syncId: z.uuid(),
    storeId: id,
    codesSynced: count,
    codesExpected: count.nullable(),
    linesDone: count,
    bulkOperationId: z.string().nullable(),
    at: isoDateTime,
  }),
);
export const codeSyncCompletedSchema = eventSchema(
  'CodeSyncCompleted',
  z.object({
    syncId: z.uuid(),
    storeId: id,
    kind: codeSyncKindSchema,
    /** Codes the store holds after the sync. */
    totalCodes: count,
    totalDiscounts: count,
    /** Discounts written (full: all; incremental: changed) and removed. */
    discountsChanged: count,
    discountsRemoved: count,
    startedAt: isoDateTime,
    completedAt: isoDateTime,
  }),
);
export const codeSyncFailedSchema = eventSchema(
  'CodeSyncFailed',
  z.object({ syncId: z.uuid(), storeId: id, reason: z.string(), failedAt: isoDateTime }),
);

export const codeSyncEventSchema = z.discriminatedUnion('type', [
  codeSyncRequestedSchema,
  codeSyncResumeRequestedSchema,
  codeSyncStartedSchema,
  codeSyncProgressedSchema,
  codeSyncCompletedSchema,
  codeSyncFailedSchema,
]);
export type CodeSyncEvent = z.infer<typeof codeSyncEventSchema>;
