import type { BrandScope } from '@dm/events';
import type { DiscountDriftAnswer, StoreDriftAnswer } from '@dm/events/http';
import type pg from 'pg';

const brandsParam = (brandIds: BrandScope) => (brandIds === 'all' ? null : brandIds);

/** One drift row as the contract's DiscountStoreDrift (open findings first, then by store name). */
const driftItemSql = `json_build_object(
  'storeId', dr.store_id, 'storeName', coalesce(s.name, ''), 'state', dr.state, 'differences', dr.differences,
  'detectedAt', rm.iso_utc(dr.detected_at),
  'reassert', CASE WHEN dr.reassert_state IS NULL THEN NULL ELSE json_build_object(
    'state', dr.reassert_state, 'reason', dr.reassert_reason, 'at', rm.iso_utc(dr.reassert_at)) END,
  'accepted', json_build_object('fields', dr.accepted_fields, 'deleted', dr.accepted_deleted,
    'by', dr.accepted_by, 'at', rm.iso_utc(dr.accepted_at)))`;

/** Every store where the discount ever drifted; null when the discount is not the caller's to see. */
export const discountDrift = async (
  db: pg.Pool,
  discountId: string,
  brandIds: BrandScope,
): Promise<DiscountDriftAnswer | null> => {
  const { rows } = await db.query<{ answer: DiscountDriftAnswer }>(
    `SELECT json_build_object('drift', coalesce((
       SELECT json_agg(${driftItemSql} ORDER BY dr.state <> 'drifted', s.name, dr.store_id)
       FROM rm.discount_drift dr LEFT JOIN rm.stores s ON s.id = dr.store_id
       WHERE dr.discount_id = d.id), '[]'::json)) AS answer
     FROM rm.discounts d WHERE d.id = $1 AND ($2::int[] IS NULL OR d.brand_id = ANY($2::int[]))`,
    [discountId, brandsParam(brandIds)],
  );
  return rows[0]?.answer ?? null;
};

/** The store's discounts that differ now; null when the store is not the caller's to see. */
export const storeDrift = async (
  db: pg.Pool,
  storeId: number,
  brandIds: BrandScope,
): Promise<StoreDriftAnswer | null> => {
  const { rows } = await db.query<{ answer: StoreDriftAnswer }>(
    `SELECT json_build_object('drift', coalesce((
       SELECT json_agg((${driftItemSql})::jsonb || jsonb_build_object('discountId', d.id, 'discountName', d.name)
                       ORDER BY d.name, d.id)
       FROM rm.discount_drift dr JOIN rm.discounts d ON d.id = dr.discount_id
       WHERE dr.store_id = s.id AND dr.state = 'drifted'), '[]'::json)) AS answer
     FROM rm.stores s WHERE s.id = $1 AND ($2::int[] IS NULL OR s.brand_id = ANY($2::int[]))`,
    [storeId, brandsParam(brandIds)],
  );
  return rows[0]?.answer ?? null;
};
