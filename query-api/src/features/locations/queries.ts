import type { CountryListItem, RegionListItem, StoreListItem } from '@dm/events/http';
import { inBrandScope, type BrandScope } from '@dm/events';
import type pg from 'pg';

export const listRegions = async (db: pg.Pool): Promise<RegionListItem[]> =>
  (
    await db.query<RegionListItem>(
      `SELECT r.id, r.code, r.name,
              (SELECT count(*)::int FROM rm.countries c WHERE c.region_id = r.id) AS "countryCount"
       FROM rm.regions r ORDER BY r.name, r.id`,
    )
  ).rows;

/** `storeCount` counts every brand's stores: it tells whether the country can be deleted, not who owns them. */
export const listCountries = async (db: pg.Pool): Promise<CountryListItem[]> =>
  (
    await db.query<CountryListItem>(
      `SELECT c.id, c.code, c.name, c.region_id AS "regionId", r.name AS "regionName", r.code AS "regionCode",
              (SELECT count(*)::int FROM rm.stores s WHERE s.country_id = c.id) AS "storeCount"
       FROM rm.countries c JOIN rm.regions r ON r.id = c.region_id
       ORDER BY r.name, c.name, c.id`,
    )
  ).rows;

export const storeListSql = `
  SELECT s.id, s.name, s.url_slug AS "urlSlug", s.shopify_domain AS "shopifyDomain", s.brand_id AS "brandId",
         s.country_id AS "countryId", s.is_active AS "isActive",
         c.code AS "countryCode", c.name AS "countryName", r.code AS "regionCode", r.name AS "regionName"
  FROM rm.stores s
  JOIN rm.countries c ON c.id = s.country_id
  JOIN rm.regions r ON r.id = c.region_id
  WHERE $1::int[] IS NULL OR s.brand_id = ANY($1::int[])
  ORDER BY s.brand_id, s.url_slug`;

/**
 * Stores of the caller's brands (`brandIds` is never optional), optionally narrowed to one of them, each with
 * whether it can be reached (`isConnected`: the Shopify adapter has its token).
 */
export const listStores = async (
  db: pg.Pool,
  params: { brandIds: BrandScope; brandId?: number | undefined; isConnected: (slug: string) => boolean },
): Promise<StoreListItem[]> => {
  const { brandIds, brandId } = params;
  // null: every brand's stores (a super admin without a brand chosen).
  const scope =
    brandId === undefined ? (brandIds === 'all' ? null : brandIds) : inBrandScope(brandIds, brandId) ? [brandId] : [];
  if (scope?.length === 0) return [];
  const rows = (await db.query<Omit<StoreListItem, 'connected'>>(storeListSql, [scope])).rows;
  return rows.map((row) => ({ ...row, connected: params.isConnected(row.urlSlug) }));
};
