import { foldCode } from '@dm/events';
import type pg from 'pg';

interface Queries {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

/** How old a store's synced codes may be for the availability check to trust them (issue 12). */
export const cacheFreshForMinutes = 15;

/** Of these stores, those whose codes were synced (full or incremental) within the last 15 minutes. */
export const freshlySyncedStores = async (db: Queries, storeIds: readonly number[]): Promise<Set<number>> =>
  new Set(
    (
      await db.query<{ storeId: number }>({
        text: `SELECT store_id AS "storeId" FROM rm.code_sync_freshness
               WHERE store_id = ANY($1::int[]) AND codes_synced_at >= now() - make_interval(mins => $2)`,
        values: [storeIds, cacheFreshForMinutes],
      })
    ).rows.map((r) => r.storeId),
  );

/**
 * Which of these codes the stores hold from outside our discounts, by the synced cache: a code on the Shopify
 * discount one of our discounts is deployed as is ours, and the ledger alone says whether it is still held (a
 * deleted one may linger in the cache until the next sync).
 */
export const findSyncedCodes = async (
  db: Queries,
  storeIds: readonly number[],
  codes: readonly string[],
): Promise<(storeId: number, code: string) => boolean> => {
  if (storeIds.length === 0) return () => false;
  const { rows } = await db.query<{ storeId: number; folded: string }>({
    text: `SELECT DISTINCT c.store_id AS "storeId", c.code_folded AS folded FROM rm.synced_codes c
           WHERE c.store_id = ANY($1::int[]) AND c.code_folded = ANY($2::text[] COLLATE "C")
             AND NOT EXISTS (SELECT 1 FROM rm.discount_deployments d
                             WHERE d.store_id = c.store_id AND d.shopify_discount_id = c.discount_id)`,
    values: [storeIds, [...new Set(codes.map(foldCode))]],
  });
  const found = new Set(rows.map((r) => `${r.storeId}:${r.folded}`));
  return (storeId, code) => found.has(`${storeId}:${foldCode(code)}`);
};
