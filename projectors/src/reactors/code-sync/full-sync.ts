import type { ShopifyStore } from '@dm/shopify';
import { backgroundLines } from './background-priority';
import { awaitBulkOperation, codeExportQuery, startBulkQuery } from './bulk';
import { marksOfTable, replaceMarks } from './code-marks';
import { loadExport } from './load-export';
import { replaceGrams, searchGramsOfTable } from './search-index';
import type { SyncContext, SyncOutcome, SyncRequest } from './sync-context';
import {
  attachedPartition,
  createFreshTable,
  dropOrphans,
  freshTableOf,
  indexFreshTable,
  upsertDiscounts,
} from './tables';

interface LoadRow {
  table_name: string;
  bulk_operation_id: string | null;
  lines_done: number;
  codes_loaded: number;
  swapped_at: Date | null;
  total_codes: number | null;
  total_discounts: number | null;
}

/**
 * Full sync (decision 0902): bulk export of every code discount, streamed into a fresh partition with COPY in
 * batches (each batch commits its resume point), indexed, then swapped in with the store's discounts in one
 * transaction. A resume continues from the last committed batch of the same export.
 */
export const runFullSync = async (
  ctx: SyncContext,
  store: ShopifyStore,
  request: SyncRequest,
): Promise<SyncOutcome> => {
  const { pool, signal } = ctx;
  const { syncId, storeId } = request;
  const table = freshTableOf(storeId, syncId);
  let load = (await pool.query<LoadRow>('SELECT * FROM rm.code_sync_loads WHERE sync_id = $1', [syncId])).rows[0];
  if (load?.swapped_at)
    return {
      totalCodes: load.total_codes ?? 0,
      totalDiscounts: load.total_discounts ?? 0,
      changed: load.total_discounts ?? 0,
      removed: 0,
    };
  await dropOrphans(pool, storeId, load ? [table] : []);
  if (!load) {
    await createFreshTable(pool, table, storeId);
    const opId = await startBulkQuery(store, codeExportQuery('method:code'));
    await pool.query(
      `INSERT INTO rm.code_sync_loads (sync_id, store_id, table_name, bulk_operation_id) VALUES ($1, $2, $3, $4)`,
      [syncId, storeId, table, opId],
    );
    load = {
      table_name: table,
      bulk_operation_id: opId,
      lines_done: 0,
      codes_loaded: 0,
      swapped_at: null,
      total_codes: null,
      total_discounts: null,
    };
  }
  const op = await awaitBulkOperation(store, load.bulk_operation_id!, ctx.pollMs, signal);
  const expectedLines = Number(op.objectCount);
  const codesExpected = expectedLines - Number(op.rootObjectCount);
  // A big sync's gram count runs at a low OS priority, so a small store's sync beside it is not held up (1455).
  const background = expectedLines >= backgroundLines;
  await ctx.progress({
    codesSynced: load.codes_loaded,
    codesExpected,
    linesDone: load.lines_done,
    bulkOperationId: op.id,
  });

  const { discounts, progress } = await loadExport(
    { pool, storeId, storeSlug: request.storeSlug, table, batchLines: ctx.batchLines, background, signal },
    op.url ?? '',
    expectedLines,
    { linesDone: load.lines_done, codesLoaded: load.codes_loaded },
    (client, p) =>
      client
        .query('UPDATE rm.code_sync_loads SET lines_done = $2, codes_loaded = $3 WHERE sync_id = $1', [
          syncId,
          p.linesDone,
          p.codesLoaded,
        ])
        .then(() => undefined),
    (p) => ctx.progress({ codesSynced: p.codesLoaded, codesExpected, linesDone: p.linesDone, bulkOperationId: op.id }),
  );

  // The search grams are counted here (CPU) while the database builds the indexes (its own processes).
  const [marks, { grams, codeCounts }] = await Promise.all([
    indexFreshTable(pool, table, background).then(() => marksOfTable(pool, table)),
    searchGramsOfTable(pool, table, ctx.gramThreshold, background),
  ]);
  const client = await pool.connect();
  let old: string | null;
  try {
    await client.query('BEGIN');
    // Readers keep the old partition until this commits, then see the new one: never a half-loaded store.
    await client.query('LOCK TABLE rm.synced_codes IN ACCESS EXCLUSIVE MODE');
    old = await attachedPartition(client, storeId);
    if (old) await client.query(`ALTER TABLE rm.synced_codes DETACH PARTITION ${old}`);
    await client.query(`ALTER TABLE rm.synced_codes ATTACH PARTITION ${table} FOR VALUES IN (${storeId})`);
    await client.query('DELETE FROM rm.synced_code_discounts WHERE store_id = $1', [storeId]);
    await upsertDiscounts(client, storeId, [...discounts.values()], codeCounts);
    await replaceGrams(client, storeId, grams);
    await replaceMarks(client, storeId, marks);
    await client.query(
      `UPDATE rm.code_sync_loads SET swapped_at = now(), total_codes = $2, total_discounts = $3 WHERE sync_id = $1`,
      [syncId, progress.codesLoaded, discounts.size],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  if (old) await pool.query(`DROP TABLE IF EXISTS ${old}`);
  return { totalCodes: progress.codesLoaded, totalDiscounts: discounts.size, changed: discounts.size, removed: 0 };
};
