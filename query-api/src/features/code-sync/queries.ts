import { inBrandScope, type BrandScope } from '@dm/events';
import type { CodeSyncStatus, SyncedCode, SyncedCodesQuery, SyncedCodeStats } from '@dm/events/http';
import type pg from 'pg';
import { fewCodes, pageOf, type Branch, type CodeReads } from './page';
import {
  countByCode,
  gramCountsOf,
  gramCountsSql,
  ofDiscounts,
  pagedScopes,
  type GramCountsRow,
} from './search-counts';

interface StoreFilter {
  brandId?: number | undefined;
  storeId?: number | undefined;
}

/**
 * The stores a read may see, as SQL over $1 and $2 with their values: the caller's brands, narrowed to `brandId`
 * (already checked) and `storeId`. Null when `brandId` is not one of the caller's.
 */
const storeScope = (brandIds: BrandScope, filter: StoreFilter) => {
  if (filter.brandId !== undefined && !inBrandScope(brandIds, filter.brandId)) return null;
  const brands = filter.brandId === undefined ? (brandIds === 'all' ? null : brandIds) : [filter.brandId];
  return {
    sql: `SELECT id FROM rm.stores WHERE ($1::int[] IS NULL OR brand_id = ANY($1::int[])) AND ($2::int IS NULL OR id = $2)`,
    params: [brands, filter.storeId ?? null],
  };
};

/** Store ids a read may see: the caller's brands, narrowed to `brandId` (already checked) and `storeId`. */
export const storesInScope = async (db: pg.Pool, brandIds: BrandScope, filter: StoreFilter): Promise<number[]> => {
  const scope = storeScope(brandIds, filter);
  return scope ? (await db.query<{ id: number }>(scope.sql, scope.params)).rows.map((r) => r.id) : [];
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
 * The codes of the discounts that pass `where` (`params`: $1 the stores, $2 a search pattern) when they hold few
 * codes: their ids as constants, so the planner reads each one's size from the statistics and looks them up
 * through the discount index. As a subquery it assumes each discount holds an even share of its store (the bench
 * store's one million-code discount makes that 140,000 codes) and scans the whole partition (~200 ms).
 */
const fewDiscounts = async (db: pg.Pool, where: string, params: readonly unknown[]) => {
  const { rows } = await db.query<{ stores: number[]; ids: string[] }>(
    `SELECT coalesce(array_agg(d.store_id), '{}') AS stores, coalesce(array_agg(d.discount_id), '{}') AS ids
     FROM rm.synced_code_discounts d WHERE d.store_id = ANY($1::int[]) AND d.code_count > 0 AND ${where}`,
    [...params],
  );
  return {
    // Discount ids may repeat across stores: the pairs decide, the id list is what the index is asked for.
    scope: `c.store_id = ANY($1::int[]) AND c.discount_id = ANY($2::text[])
            AND (c.store_id, c.discount_id) IN (SELECT * FROM unnest($1::int[], $2::text[]))`,
    params: [rows[0]!.stores, rows[0]!.ids],
  };
};

/** The codes of the discounts that pass `where`: a subquery, or their ids when they hold few (never walked). */
const discountScope = async (reads: CodeReads, where: string, params: readonly unknown[], codes: number) =>
  codes <= fewCodes ? fewDiscounts(reads.db, where, params) : { scope: ofDiscounts(where), params };

/**
 * A page of synced codes (spec 000 §2.8) in code order, and the exact total; null when `storeId` is not one of the
 * stores in scope (refused, not shown as empty). Discounts are never brought to the API (a store may hold one per
 * code): their code counts are summed in SQL, in the statement that finds the stores in scope, and their filters
 * stay subqueries. Without a search the total is the sum of the filtered discounts' code counts; with one,
 * discounts whose title matches count all their codes, and only the other discounts' codes are matched by code,
 * counted from the grams where they answer (decision 0950).
 */
export const listSyncedCodes = async (
  reads: CodeReads,
  brandIds: BrandScope,
  query: SyncedCodesQuery,
): Promise<{ codes: SyncedCode[]; total: number } | null> => {
  const stores = storeScope(brandIds, query);
  if (!stores) return query.storeId === undefined ? { codes: [], total: 0 } : null;
  const filter = discountFilter(query);
  const filtered = filter !== 'true';
  const offset = (query.page - 1) * query.limit;
  const search = query.search?.trim();
  const pattern = search ? likePattern(search) : null;
  const titleHit = 'coalesce(d.title ILIKE $2, false)';
  // With a search, the grams' counts for the discounts not matched by title come in the same statement.
  const grams = search ? gramCountsSql(`${filter} AND NOT coalesce(d.title ILIKE $3, false)`, search, 4) : null;
  const { rows } = await reads.db.query<
    { stores: number[]; codes: number; hits: number; hit_codes: number } & Partial<GramCountsRow>
  >(
    `WITH s AS (${stores.sql})${grams ? `, ${grams.ctes}` : ''}
     SELECT array(SELECT id FROM s) AS stores, coalesce(sum(d.code_count), 0)::int AS codes,
            count(*) FILTER (WHERE coalesce(d.title ILIKE $3, false))::int AS hits,
            coalesce(sum(d.code_count) FILTER (WHERE coalesce(d.title ILIKE $3, false)), 0)::int AS hit_codes
            ${grams ? `, ${grams.columns}` : ''}
     FROM rm.synced_code_discounts d WHERE d.store_id IN (SELECT id FROM s) AND ${filter}`,
    [...stores.params, pattern, ...(grams?.params ?? [])],
  );
  const { stores: storeIds, codes, hits, hit_codes: hitCodes } = rows[0]!;
  if (query.storeId !== undefined && !storeIds.includes(query.storeId)) return null;
  if (storeIds.length === 0) return { codes: [], total: 0 };
  const everyStore = { scope: 'c.store_id = ANY($1::int[])', params: [storeIds] };
  if (!search || !pattern) {
    const { scope, params } = filtered ? await discountScope(reads, filter, [storeIds], codes) : everyStore;
    const branch = { scope, match: null, params, matches: codes, start: null, marked: !filtered };
    return { codes: await pageOf(reads, [branch], rowColumns, query.limit, offset), total: codes };
  }
  const othersWhere = `${filter} AND NOT ${titleHit}`;
  const everyDiscount = !filtered && hits === 0;
  const { scope, params } = everyDiscount
    ? everyStore
    : { scope: ofDiscounts(othersWhere), params: [storeIds, pattern] };
  // Rows read with a count on the codes: enough for the page (bounded, so a deep page does not ship them all).
  const firstRows = Math.min(offset + query.limit, 1000);
  const gramCounts = gramCountsOf(rows[0] as GramCountsRow);
  const found = await countByCode(
    reads,
    storeIds,
    everyDiscount ? null : othersWhere,
    pattern,
    search,
    firstRows,
    gramCounts,
    rowColumns,
  );
  const { count, start } = found;
  const paged =
    everyDiscount && [...search].length <= 3 ? pagedScopes(storeIds, gramCounts, found, offset + query.limit) : null;
  if (paged) {
    const listed = paged.map((scope) => ({ ...scope, match: null, matches: count, start: null, listed: true }));
    return { codes: await pageOf(reads, listed, rowColumns, query.limit, offset), total: count };
  }
  const branches: Branch[] = [
    {
      scope,
      match: found.match(params.length + 1),
      params: [...params, ...found.params],
      matches: count,
      of: codes - hitCodes,
      ...(found.indexed === undefined ? {} : { indexed: found.indexed }),
      start,
      ...(found.first ? { first: found.first } : {}),
      ...(found.joined ? { joined: found.joined } : {}),
    },
  ];
  if (hits > 0)
    branches.push({
      ...(await discountScope(reads, `${filter} AND ${titleHit}`, [storeIds, pattern], hitCodes)),
      match: null,
      matches: hitCodes,
      start: null,
    });
  return { codes: await pageOf(reads, branches, rowColumns, query.limit, offset), total: count + hitCodes };
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
