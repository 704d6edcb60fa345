import type pg from 'pg';
import { settle } from './checks';
import type { ClusterOnHosts } from './cluster-on-hosts';
import type { TrafficRecord } from './staff-traffic';

/** Push outcomes in the log for these discounts: how many chunks went, and which stores a push failed in. */
export const pushOutcomes = async (pool: pg.Pool, discountIds: readonly string[]) => {
  const { rows } = await pool.query<{ type: string; store_id: string; retryable: boolean | null }>(
    `SELECT type, data->>'storeId' AS store_id, (data->>'retryable')::boolean AS retryable FROM es.events
     WHERE type IN ('DiscountCodesPushed', 'DiscountCodesPushFailed') AND data->>'discountId' = ANY($1::text[])`,
    [discountIds],
  );
  const failed = rows.filter((r) => r.type === 'DiscountCodesPushFailed');
  return {
    pushed: rows.length - failed.length,
    failed: failed.map((r) => ({ storeId: Number(r.store_id), retryable: r.retryable })),
  };
};

/**
 * What an admin does after a bad day (decision 1440: a failed push is found as drift and put back by re-assert):
 * a full code sync of each store a push failed in, then re-assert of every discount there. Returns the stores.
 */
export const reassertFailedPushes = async (
  cluster: ClusterOnHosts,
  post: (path: string, body: unknown) => Promise<number>,
  traffic: TrafficRecord,
  storeIds: readonly number[],
) => {
  for (const storeId of storeIds) await post(`/api/stores/${storeId}/code-sync/trigger`, { incremental: false });
  await settle(cluster);
  for (const storeId of storeIds)
    for (const { id } of traffic.discounts) await post(`/api/discounts/${id}/drift/${storeId}/reassert`, {});
  await settle(cluster);
};
