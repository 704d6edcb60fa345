import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { TruncatedExportError, type ShopifyStore } from '@dm/shopify';
import { awaitBulkOperation, codeExportQuery, discountIdsQuery, startBulkQuery } from './bulk';
import { backgroundLines } from './background-priority';
import { remarkFrom, type CodeKey } from './code-marks';
import { loadExport } from './load-export';
import type { SyncContext, SyncOutcome, SyncRequest } from './sync-context';
import { gramsOf } from './search-grams';
import { copyGrams, frozenGramSet, mergeGramPages, readCodesByDiscount, replaceGrams } from './search-index';
import { upsertDiscounts } from './tables';

const stagingTableOf = (syncId: string) => `rm.synced_codes_inc_${syncId.replaceAll('-', '').slice(0, 12)}`;

/** Every code discount id the store holds now, streamed from a bulk export of ids alone. */
const sweepIds = async (ctx: SyncContext, store: ShopifyStore): Promise<Set<string>> => {
  const op = await awaitBulkOperation(store, await startBulkQuery(store, discountIdsQuery), ctx.pollMs, ctx.signal);
  const ids = new Set<string>();
  if (!op.url) return ids;
  const response = await fetch(op.url, { signal: ctx.signal });
  if (!response.ok || !response.body) throw new TruncatedExportError(store.slug, `HTTP ${response.status}`);
  let lines = 0;
  for await (const text of createInterface({
    input: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
  })) {
    if (!text) continue;
    lines += 1;
    try {
      ids.add(String((JSON.parse(text) as { id: string }).id));
    } catch {
      throw new TruncatedExportError(store.slug, `line ${lines} of the id sweep is cut short`);
    }
  }
  if (lines < Number(op.objectCount))
    throw new TruncatedExportError(store.slug, `${lines} of ${op.objectCount} ids arrived`);
  return ids;
};

/**
 * Incremental sync (decision 0901): discounts updated since the last successful sync began (less an overlap),
 * each replacing its codes, and discounts no longer in the store removed (an id sweep: deletions are invisible
 * to an `updated_at` filter). Merged in one transaction; a resume redoes it whole (it is one batch).
 */
export const runIncrementalSync = async (
  ctx: SyncContext,
  store: ShopifyStore,
  request: SyncRequest,
): Promise<SyncOutcome> => {
  const { pool, signal } = ctx;
  const { storeId, syncId } = request;
  const staging = stagingTableOf(syncId);
  const search = request.updatedSince ? `method:code updated_at:>'${request.updatedSince}'` : 'method:code';
  const op = await awaitBulkOperation(store, await startBulkQuery(store, codeExportQuery(search)), ctx.pollMs, signal);
  const codesExpected = Number(op.objectCount) - Number(op.rootObjectCount);
  await pool.query(`DROP TABLE IF EXISTS ${staging}`);
  await pool.query(`CREATE TABLE ${staging} (LIKE rm.synced_codes INCLUDING DEFAULTS)`);
  try {
    const { discounts, progress } = await loadExport(
      {
        pool,
        storeId,
        storeSlug: request.storeSlug,
        table: staging,
        batchLines: ctx.batchLines,
        background: Number(op.objectCount) >= backgroundLines,
        signal,
      },
      op.url ?? '',
      Number(op.objectCount),
      { linesDone: 0, codesLoaded: 0 },
      async () => undefined,
      (p) =>
        ctx.progress({ codesSynced: p.codesLoaded, codesExpected, linesDone: p.linesDone, bulkOperationId: op.id }),
    );
    const present = await sweepIds(ctx, store);
    const changedIds = [...discounts.keys()].filter((id) => present.has(id));
    // Counted by the set frozen at the last full sync, so every discount's grams follow the same rule.
    const frozen = await frozenGramSet(pool, storeId);
    const changedCodes = frozen ? await readCodesByDiscount(pool, staging, changedIds, true) : null;
    const grams = frozen && changedCodes ? gramsOf(changedCodes, frozen) : null;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const known = (
        await client.query<{ discount_id: string }>(
          'SELECT discount_id FROM rm.synced_code_discounts WHERE store_id = $1',
          [storeId],
        )
      ).rows.map((r) => r.discount_id);
      const removed = known.filter((id) => !present.has(id));
      const changed = [...discounts.values()].filter((d) => present.has(d.id));
      // Each returns the first code it changed in the index's order: the marks are redone from there (1562).
      const firstRemoved = await client.query<CodeKey>(
        `WITH gone AS (DELETE FROM rm.synced_codes WHERE store_id = $1 AND discount_id = ANY($2::text[])
                       RETURNING code, code_id)
         SELECT code, code_id FROM gone ORDER BY code, code_id LIMIT 1`,
        [storeId, [...removed, ...changed.map((d) => d.id)]],
      );
      const firstAdded = await client.query<CodeKey>(
        `WITH added AS (INSERT INTO rm.synced_codes SELECT DISTINCT ON (code_id) * FROM ${staging}
                        WHERE discount_id = ANY($1::text[]) RETURNING code, code_id)
         SELECT code, code_id FROM added ORDER BY code, code_id LIMIT 1`,
        [changed.map((d) => d.id)],
      );
      await remarkFrom(client, storeId, [firstRemoved.rows[0], firstAdded.rows[0]]);
      await client.query('DELETE FROM rm.synced_code_discounts WHERE store_id = $1 AND discount_id = ANY($2::text[])', [
        storeId,
        removed,
      ]);
      await upsertDiscounts(client, storeId, changed, 'rm.synced_codes');
      await client.query('DELETE FROM rm.synced_code_grams WHERE store_id = $1 AND discount_id = ANY($2::text[])', [
        storeId,
        [...removed, ...changedIds],
      ]);
      if (grams) await copyGrams(client, storeId, grams);
      if (grams && changedCodes) await mergeGramPages(client, storeId, [...removed, ...changedIds], changedCodes);
      // Codes with characters beyond the counting's alphabet: the store searches without grams until a full sync.
      if (frozen && !grams) await replaceGrams(client, storeId, null);
      const totals = (
        await client.query<{ codes: number; discounts: number }>(
          'SELECT coalesce(sum(code_count), 0)::int AS codes, count(*)::int AS discounts FROM rm.synced_code_discounts WHERE store_id = $1',
          [storeId],
        )
      ).rows[0]!;
      await client.query('COMMIT');
      await ctx.progress({
        codesSynced: progress.codesLoaded,
        codesExpected,
        linesDone: progress.linesDone,
        bulkOperationId: op.id,
      });
      return {
        totalCodes: totals.codes,
        totalDiscounts: totals.discounts,
        changed: changed.length,
        removed: removed.length,
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await pool.query(`DROP TABLE IF EXISTS ${staging}`);
  }
};
