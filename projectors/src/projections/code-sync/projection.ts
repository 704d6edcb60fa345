import { defineProjection } from '../../define-projection';

/**
 * rm.code_sync_status from the `code-sync:<storeId>` streams: one row per store, the current or last sync.
 * `updated_at` moves with every lifecycle event, so a sync with none for 5 minutes reads as stalled.
 */
export const codeSyncProjection = defineProjection({
  name: 'code-sync',
  // v2: rm.code_sync_freshness (decision 1160), filled from the log by the rebuild.
  version: 2,
  tables: ['rm.code_sync_status', 'rm.code_sync_freshness'],
  handles: {
    CodeSyncRequested: async ({ data }, tx) => {
      await tx.query(
        `INSERT INTO rm.code_sync_status (store_id, sync_id, kind, status, codes_synced, codes_expected, error_message, updated_at)
         VALUES ($1, $2, $3, 'syncing', 0, NULL, NULL, $4)
         ON CONFLICT (store_id) DO UPDATE SET sync_id = $2, kind = $3, status = 'syncing', codes_synced = 0,
           codes_expected = NULL, error_message = NULL, updated_at = $4`,
        [data.storeId, data.syncId, data.kind, data.requestedAt],
      );
    },
    CodeSyncResumeRequested: async ({ data }, tx) => {
      await tx.query(`UPDATE rm.code_sync_status SET updated_at = $3 WHERE store_id = $1 AND sync_id = $2`, [
        data.storeId,
        data.syncId,
        data.requestedAt,
      ]);
    },
    CodeSyncStarted: async ({ data }, tx) => {
      await tx.query(`UPDATE rm.code_sync_status SET updated_at = $3 WHERE store_id = $1 AND sync_id = $2`, [
        data.storeId,
        data.syncId,
        data.startedAt,
      ]);
    },
    CodeSyncProgressed: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.code_sync_status SET codes_synced = $3, codes_expected = $4, updated_at = $5
         WHERE store_id = $1 AND sync_id = $2`,
        [data.storeId, data.syncId, data.codesSynced, data.codesExpected, data.at],
      );
    },
    CodeSyncCompleted: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.code_sync_status SET status = 'idle', last_sync_at = $3, total_codes = $4, codes_synced = $4,
           codes_expected = $4, error_message = NULL, updated_at = $3,
           has_full_sync = has_full_sync OR $5 = 'full'
         WHERE store_id = $1 AND sync_id = $2`,
        [data.storeId, data.syncId, data.completedAt, data.totalCodes, data.kind],
      );
      // How old the synced cache is, for the availability check (decision 1160): from the sync's start, when the
      // store was read; a usage pass reads no new codes.
      if (data.kind !== 'usage') {
        await tx.query(
          `INSERT INTO rm.code_sync_freshness (store_id, codes_synced_at) VALUES ($1, $2)
           ON CONFLICT (store_id) DO UPDATE SET codes_synced_at = greatest(rm.code_sync_freshness.codes_synced_at, $2)`,
          [data.storeId, data.startedAt],
        );
      }
    },
    CodeSyncFailed: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.code_sync_status SET status = 'failed', error_message = $3, updated_at = $4
         WHERE store_id = $1 AND sync_id = $2`,
        [data.storeId, data.syncId, data.reason, data.failedAt],
      );
    },
  },
});
