import type { DiscountCode } from '@dm/events/http';
import type pg from 'pg';

interface Queries {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

/**
 * The discount's seed codes (decision 1390): the first code of each store as rm.discount_deployments holds it (one
 * code for all stores, unless a store's was reassigned), its state there taken from the deployment. Read here
 * rather than projected into rm.discount_codes: that model is what the code reactors push, re-assert and
 * export, while the seed code travels with the discount itself.
 */
const seedCodesSql = (searched: boolean) => `
  SELECT (substr(h.h, 1, 12) || '4' || substr(h.h, 14, 3) || '8' || substr(h.h, 18, 15))::uuid AS id, x.code,
    rm.iso_utc(d.created_at) AS "createdAt", rm.iso_utc(d.created_at) AS "addedAt",
    NULL::text AS "influencerName",
    json_build_object('name', d.created_by_name, 'email', d.created_by_email) AS "createdByUser",
    false AS deleted, true AS "firstCode",
    json_agg(json_build_object('storeId', x.store_id, 'storeName', coalesce(s.name, ''),
      'isActive', x.status = 'deployed',
      'state', CASE x.status WHEN 'deployed' THEN 'live' WHEN 'pending' THEN 'pending' ELSE 'failed' END,
      'reason', CASE x.status WHEN 'ended' THEN 'The discount was ended in this store.'
                              WHEN 'failed' THEN x.reason END) ORDER BY s.name, x.store_id) AS stores
  FROM rm.discount_deployments x JOIN rm.discounts d ON d.id = x.discount_id
  LEFT JOIN rm.stores s ON s.id = x.store_id
  -- A stable id per discount and code, shaped as a version 4 UUID (the answer's schema checks the shape).
  CROSS JOIN LATERAL (SELECT md5(x.discount_id::text || '|' || x.code) AS h) h
  WHERE x.discount_id = $1
    ${searched ? `AND lower(x.code || ' ' || coalesce(d.created_by_email, '')) LIKE $2` : ''}
  GROUP BY x.discount_id, x.code, h.h, d.created_at, d.created_by_name, d.created_by_email
  ORDER BY x.code`;

export const listSeedCodes = async (db: Queries, discountId: string, pattern: string | null) =>
  (
    await db.query<DiscountCode>({
      text: seedCodesSql(pattern !== null),
      values: pattern === null ? [discountId] : [discountId, pattern],
    })
  ).rows;

/**
 * The seed codes are the oldest, so they close the newest-first list: the rows of `[offset, offset + limit)` that
 * fall past the `others` codes of the codes read model.
 */
export const seedSlice = <T>(seeds: readonly T[], others: number, offset: number, limit: number): T[] =>
  seeds.slice(Math.max(offset - others, 0), Math.max(offset + limit - others, 0));
