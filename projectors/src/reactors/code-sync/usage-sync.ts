import type { ShopifyStore } from '@dm/shopify';
import type { SyncContext, SyncOutcome, SyncRequest } from './sync-context';

type CodesPage = {
  usageLimit: number | null;
  asyncUsageCount: number;
  codes: {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: { id: string; asyncUsageCount: number }[];
  };
};
const codes = 'codes(first: 250, after: $after) { pageInfo { hasNextPage endCursor } nodes { id asyncUsageCount } }';
const usageQuery = `query DiscountUsage($id: ID!, $after: String) { discountNode(id: $id) { discount {
  ... on DiscountCodeBasic { usageLimit asyncUsageCount ${codes} }
  ... on DiscountCodeBxgy { usageLimit asyncUsageCount ${codes} }
  ... on DiscountCodeApp { usageLimit asyncUsageCount ${codes} }
  ... on DiscountCodeFreeShipping { usageLimit asyncUsageCount ${codes} } } } }`;

/**
 * The frequent pass (decision 0905): re-reads the usage of ACTIVE discounts with a usage limit, code by code, and
 * writes the counts in one transaction. Discounts gone from the store are left to the next incremental sync.
 */
export const runUsageSync = async (
  ctx: SyncContext,
  store: ShopifyStore,
  request: SyncRequest,
): Promise<SyncOutcome> => {
  const { pool } = ctx;
  const monitored = (
    await pool.query<{ discount_id: string }>(
      `SELECT discount_id FROM rm.synced_code_discounts WHERE store_id = $1 AND usage_limit IS NOT NULL
         AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())`,
      [request.storeId],
    )
  ).rows.map((r) => r.discount_id);
  const codeIds: string[] = [];
  const codeUsage: number[] = [];
  const discounts: { id: string; limit: number | null; used: number }[] = [];
  for (const id of monitored) {
    let after: string | null = null;
    for (;;) {
      ctx.signal.throwIfAborted();
      const data: { discountNode: { discount: Partial<CodesPage> } | null } = await store.client.request(
        usageQuery,
        { id, after },
        { operation: 'DiscountUsage', estimate: 260 },
      );
      const discount = data.discountNode?.discount;
      if (!discount?.codes) break;
      if (after === null)
        discounts.push({ id, limit: discount.usageLimit ?? null, used: discount.asyncUsageCount ?? 0 });
      for (const code of discount.codes.nodes) {
        codeIds.push(code.id);
        codeUsage.push(code.asyncUsageCount);
      }
      if (!discount.codes.pageInfo.hasNextPage) break;
      after = discount.codes.pageInfo.endCursor;
    }
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `UPDATE rm.synced_codes c SET usage_count = u.n FROM unnest($2::text[], $3::int[]) AS u(id, n)
       WHERE c.store_id = $1 AND c.code_id = u.id AND c.usage_count <> u.n`,
      [request.storeId, codeIds, codeUsage],
    );
    await client.query(
      `UPDATE rm.synced_code_discounts d SET usage_limit = u.l, usage_count = u.n
       FROM unnest($2::text[], $3::int[], $4::int[]) AS u(id, l, n) WHERE d.store_id = $1 AND d.discount_id = u.id`,
      [request.storeId, discounts.map((d) => d.id), discounts.map((d) => d.limit), discounts.map((d) => d.used)],
    );
    const totals = (
      await client.query<{ codes: number; discounts: number }>(
        'SELECT coalesce(sum(code_count), 0)::int AS codes, count(*)::int AS discounts FROM rm.synced_code_discounts WHERE store_id = $1',
        [request.storeId],
      )
    ).rows[0]!;
    await client.query('COMMIT');
    return { totalCodes: totals.codes, totalDiscounts: totals.discounts, changed: discounts.length, removed: 0 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};
