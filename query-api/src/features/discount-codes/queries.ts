import { foldCode, inBrandScope, type BrandScope } from '@dm/events';
import type { CheckCodesAnswer, DiscountCodesPage, DiscountCodesQuery } from '@dm/events/http';
import type pg from 'pg';
import { listSeedCodes, seedSlice } from './seed-codes';

/** Single statements, as `app.pipelined` and a pool both run them. */
interface Queries {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

interface DiscountRef {
  readonly id: string;
  readonly brandId: number;
}

/** The discount if the caller's brands include it; another brand's is as unknown as a missing one. */
export const findDiscount = async (db: Queries, brandIds: BrandScope, id: string): Promise<DiscountRef | null> => {
  const { rows } = await db.query<DiscountRef>({
    text: 'SELECT id, brand_id AS "brandId" FROM rm.discounts WHERE id = $1',
    values: [id],
  });
  const found = rows[0];
  return found && inBrandScope(brandIds, found.brandId) ? found : null;
};

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const deployedStoresSql = `
  SELECT s.id, s.name, c.code AS "countryCode", s.url_slug AS "urlSlug"
  FROM rm.discount_deployments x JOIN rm.stores s ON s.id = x.store_id
  LEFT JOIN rm.countries c ON c.id = s.country_id
  WHERE x.discount_id = $1 AND x.status = 'deployed' ORDER BY s.name, s.id`;

/**
 * One page of a discount's codes, newest first (spec 001 §2.5; issue 12: paged and searched here, since a discount
 * may hold 100,000 codes). Each code with its creator, influencer and its state in each of its stores; the seed
 * code last, marked `firstCode` (decision 1390), so the total agrees with the list's `codeCount`.
 */
export const listDiscountCodes = async (
  db: Queries,
  discount: DiscountRef,
  query: DiscountCodesQuery,
): Promise<DiscountCodesPage> => {
  const search = query.search?.trim();
  const where = `d.discount_id = $1${search ? ' AND d.search_text LIKE $2' : ''}`;
  const filter = search ? [discount.id, likePattern(search)] : [discount.id];
  const offset = (query.page - 1) * query.limit;
  const [stores, count, page, seeds] = await Promise.all([
    db.query<DiscountCodesPage['availableStores'][number]>({ text: deployedStoresSql, values: [discount.id] }),
    // Without a search the total is one row the projection keeps; counting 100,000 codes per request is not.
    db.query<{ total: number }>(
      search
        ? { text: `SELECT count(*)::int AS total FROM rm.discount_codes d WHERE ${where}`, values: filter }
        : {
            text: 'SELECT coalesce((SELECT total FROM rm.discount_code_counts WHERE discount_id = $1), 0) AS total',
            values: filter,
          },
    ),
    // The page's ids first (an index-only walk), then the columns of those 50 alone: with the columns in the same
    // SELECT, an OFFSET computes every skipped row's per-store subquery (page 1,000 = 50,000 of them).
    db.query<DiscountCodesPage['data'][number]>({
      text: `
        SELECT d.code_id AS id, d.code, rm.iso_utc(d.added_at) AS "createdAt", rm.iso_utc(d.added_at) AS "addedAt",
          d.influencer_name AS "influencerName",
          json_build_object('name', d.created_by_name, 'email', d.created_by_email) AS "createdByUser",
          d.deleted_at IS NOT NULL AS deleted, false AS "firstCode",
          coalesce((SELECT json_agg(json_build_object('storeId', x.store_id, 'storeName', coalesce(s.name, ''),
                      'isActive', x.state = 'live', 'state', x.state, 'reason', x.reason) ORDER BY s.name, x.store_id)
                    FROM rm.discount_code_stores x LEFT JOIN rm.stores s ON s.id = x.store_id
                    WHERE x.code_id = d.code_id), '[]') AS stores
        FROM (SELECT d.code_id FROM rm.discount_codes d WHERE ${where}
              ORDER BY d.added_at DESC, d.code_folded, d.code_id
              LIMIT ${query.limit} OFFSET ${offset}) page
        JOIN rm.discount_codes d USING (code_id)
        ORDER BY d.added_at DESC, d.code_folded, d.code_id`,
      values: filter,
    }),
    listSeedCodes(db, discount.id, search ? likePattern(search) : null),
  ]);
  const others = count.rows[0]?.total ?? 0;
  const total = others + seeds.length;
  return {
    data: [...page.rows, ...seedSlice(seeds, others, offset, query.limit)],
    availableStores: stores.rows,
    total,
    totalPages: Math.ceil(total / query.limit),
  };
};

/** A code held in a store, and by which discount (its name). */
export interface Holding {
  readonly storeId: number;
  readonly codeFolded: string;
  readonly discountName: string;
}

/** Who holds these codes in these stores, from the ledger as projected (rm.code_reservations). */
export const findHoldings = async (
  db: Queries,
  storeIds: readonly number[],
  codes: readonly string[],
): Promise<Holding[]> => {
  const { rows } = await db.query<Holding>({
    text: `SELECT r.store_id AS "storeId", r.code_folded AS "codeFolded", coalesce(d.name, 'another discount') AS "discountName"
      FROM rm.code_reservations r LEFT JOIN rm.discounts d ON d.id = r.discount_id
      WHERE r.store_id = ANY($1::int[]) AND r.code_folded = ANY($2::text[])`,
    values: [storeIds, codes.map(foldCode)],
  });
  return rows;
};

export interface StoreRef {
  readonly id: number;
  readonly name: string;
  readonly urlSlug: string;
  readonly brandId: number;
}

export const findStores = async (db: Queries, storeIds: readonly number[]): Promise<StoreRef[]> =>
  (
    await db.query<StoreRef>({
      text: 'SELECT id, name, url_slug AS "urlSlug", brand_id AS "brandId" FROM rm.stores WHERE id = ANY($1::int[])',
      values: [storeIds],
    })
  ).rows;

/**
 * The answer of the availability check (spec 001 §3): per store, per code, available or where it is taken; the
 * conflict items; `canCreate` when every code is free in every store.
 */
export const availabilityAnswer = (
  stores: readonly StoreRef[],
  codes: readonly string[],
  takenBy: (storeId: number, code: string) => string | null,
): CheckCodesAnswer => {
  const results = stores.map((store) => ({
    storeId: store.id,
    storeName: store.name,
    codes: codes.map((code) => {
      const by = takenBy(store.id, code);
      return { code, available: by === null, takenBy: by };
    }),
  }));
  const conflicts = codes.flatMap((code) => {
    const where = stores.flatMap((store) => {
      const by = takenBy(store.id, code);
      return by === null ? [] : [{ storeId: store.id, storeName: store.name, takenBy: by }];
    });
    return where.length > 0 ? [{ code, conflicts: where }] : [];
  });
  return { canCreate: conflicts.length === 0, results, conflicts, unchecked: [] };
};
