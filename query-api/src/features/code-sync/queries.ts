import { inBrandScope, type BrandScope } from '@dm/events';
import type { CodeSyncStatus, SyncedCode, SyncedCodesQuery, SyncedCodeStats } from '@dm/events/http';
import type pg from 'pg';
import { pageOf, type Branch } from './page';
import { countByCode, inPairs, pairs, sum, type DiscountRef } from './search-counts';

/** Store ids a read may see: the caller's brands, narrowed to `brandId` (already checked) and `storeId`. */
export const storesInScope = async (
  db: pg.Pool,
  brandIds: BrandScope,
  filter: { brandId?: number | undefined; storeId?: number | undefined },
): Promise<number[]> => {
  const brands = filter.brandId === undefined ? (brandIds === 'all' ? null : brandIds) : [filter.brandId];
  if (filter.brandId !== undefined && !inBrandScope(brandIds, filter.brandId)) return [];
  return (
    await db.query<{ id: number }>(
      `SELECT id FROM rm.stores WHERE ($1::int[] IS NULL OR brand_id = ANY($1::int[])) AND ($2::int IS NULL OR id = $2)`,
      [brands, filter.storeId ?? null],
    )
  ).rows.map((r) => r.id);
};

/** The store's sync status (spec 000 §3), or null when the store is not one of the caller's. */
export const codeSyncStatus = async (
  db: pg.Pool,
  storeId: number,
  brandIds: BrandScope,
): Promise<CodeSyncStatus | null> =>
  (
    await db.query<CodeSyncStatus>(
      `SELECT s.id AS "storeId", s.name AS "storeName", coalesce(c.status, 'idle') AS "syncStatus",
              to_char(c.last_sync_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastSyncAt",
              coalesce(c.total_codes, 0) AS "totalCodesImported", c.error_message AS "errorMessage",
              to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
              coalesce(c.codes_synced, 0) AS "codesSynced", c.codes_expected AS "codesExpected",
              c.kind AS "syncKind", coalesce(c.has_full_sync, false) AS "hasFullSync",
              (SELECT count(*)::int FROM rm.discount_drift dr WHERE dr.store_id = s.id AND dr.state = 'drifted')
                AS "driftedDiscounts"
       FROM rm.stores s LEFT JOIN rm.code_sync_status c ON c.store_id = s.id
       WHERE s.id = $1 AND ($2::int[] IS NULL OR s.brand_id = ANY($2::int[]))`,
      [storeId, brandIds === 'all' ? null : brandIds],
    )
  ).rows[0] ?? null;

const statusSql = `CASE WHEN d.starts_at > now() THEN 'SCHEDULED' WHEN d.ends_at <= now() THEN 'EXPIRED' ELSE 'ACTIVE' END`;

/** The discount-level filters (type, status) as SQL over `d`, parameters from $3 on. */
const discountFilter = (query: SyncedCodesQuery): string => {
  const parts = ['true'];
  if (query.type === 'single') parts.push('d.code_count = 1');
  if (query.type === 'multi') parts.push('d.code_count > 1');
  if (query.type === 'gwp') parts.push(`d.discount_type = 'DiscountCodeBxgy'`);
  if (query.type === 'manual') parts.push('d.function_id IS NULL');
  if (query.status) parts.push(`${statusSql} = '${query.status}'`);
  return parts.join(' AND ');
};

const rowColumns = `c.code_id AS id, c.code, d.title AS "discountTitle", s.id AS "storeId", s.name AS "storeName",
  s.shopify_domain AS "shopDomain", d.function_id AS "functionId", ${statusSql} AS status, c.usage_count AS "usageCount",
  d.usage_limit AS "usageLimit", (d.usage_limit IS NOT NULL AND d.usage_count >= d.usage_limit) AS "maxUsageReached",
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
  c.discount_id AS "shopifyDiscountId", d.discount_type AS "discountType", d.discount_type = 'DiscountCodeBxgy' AS "isBxgy"`;

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of synced codes (spec 000 §2.8) in code order, and the exact total. The discounts of the caller's stores
 * that pass the type and status filters are read first (thousands of rows, not millions): without a search the
 * total is the sum of their code counts; with one, discounts whose title matches count all their codes, and only
 * the other discounts' codes are matched by code, counted from the grams where they answer (decision 0950).
 */
export const listSyncedCodes = async (
  db: pg.Pool,
  storeIds: readonly number[],
  query: SyncedCodesQuery,
): Promise<{ codes: SyncedCode[]; total: number }> => {
  if (storeIds.length === 0) return { codes: [], total: 0 };
  const filter = discountFilter(query);
  const filtered = filter !== 'true';
  const offset = (query.page - 1) * query.limit;
  const search = query.search?.trim();
  const pattern = search ? likePattern(search) : null;
  const discounts = (
    await db.query<DiscountRef>(
      `SELECT d.store_id, d.discount_id, d.code_count, coalesce(d.title ILIKE $2, false) AS hit
       FROM rm.synced_code_discounts d WHERE d.store_id = ANY($1::int[]) AND ${filter}`,
      [storeIds, pattern],
    )
  ).rows;
  if (!search || !pattern) {
    const [scope, params] = filtered ? [inPairs(1), pairs(discounts)] : ['c.store_id = ANY($1::int[])', [storeIds]];
    const branch = { scope, match: null, params, matches: sum(discounts), start: null };
    return { codes: await pageOf(db, [branch], rowColumns, query.limit, offset), total: sum(discounts) };
  }
  const hits = discounts.filter((d) => d.hit);
  const others = discounts.filter((d) => !d.hit);
  const everyDiscount = !filtered && hits.length === 0;
  const [scope, params] = everyDiscount ? ['c.store_id = ANY($1::int[])', [storeIds]] : [inPairs(1), pairs(others)];
  const found = await countByCode(db, storeIds, others, everyDiscount, search, pattern);
  const { count, start } = found;
  const branches: Branch[] = [
    { scope, match: found.match(params.length + 1), params: [...params, ...found.params], matches: count, start },
  ];
  if (hits.length > 0)
    branches.push({ scope: inPairs(1), match: null, params: pairs(hits), matches: sum(hits), start: null });
  return { codes: await pageOf(db, branches, rowColumns, query.limit, offset), total: count + sum(hits) };
};

/** Spec 000 §3 synced-code stats over the caller's stores, summed from the discounts. */
export const syncedCodeStats = async (db: pg.Pool, storeIds: readonly number[]): Promise<SyncedCodeStats> => {
  const { rows } = await db.query<{
    name: string;
    codes: number;
    discounts: number;
    single: number;
    multi: number;
    app: number;
  }>(
    `SELECT s.name, sum(d.code_count)::int AS codes, count(*)::int AS discounts,
            count(*) FILTER (WHERE d.code_count = 1)::int AS single, count(*) FILTER (WHERE d.code_count > 1)::int AS multi,
            count(*) FILTER (WHERE d.function_id IS NOT NULL)::int AS app
     FROM rm.synced_code_discounts d JOIN rm.stores s ON s.id = d.store_id
     WHERE d.store_id = ANY($1::int[]) GROUP BY s.id, s.name ORDER BY s.name`,
    [storeIds],
  );
  const sum = (key: 'codes' | 'discounts' | 'single' | 'multi' | 'app') => rows.reduce((n, r) => n + r[key], 0);
  return {
    totalCodes: sum('codes'),
    totalDiscounts: sum('discounts'),
    singleCodeDiscounts: sum('single'),
    multiCodeDiscounts: sum('multi'),
    appCreatedDiscounts: sum('app'),
    storeBreakdown: Object.fromEntries(rows.map((r) => [r.name, r.codes])),
  };
};
