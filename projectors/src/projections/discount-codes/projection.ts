import { foldCode } from '@dm/events';
import type pg from 'pg';
import { defineProjection, type ProjectedEvent } from '../../define-projection';

const insertCodesSql = `
  WITH added AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS a(code_id uuid, discount_id uuid, brand_id int, code text,
      code_folded text, influencer_name text, created_by_name text, created_by_email text, added_at timestamptz,
      store_ids int[])),
  codes AS (
    INSERT INTO rm.discount_codes (code_id, discount_id, brand_id, code, code_folded, influencer_name,
      created_by_name, created_by_email, added_at)
    SELECT code_id, discount_id, brand_id, code, code_folded, influencer_name, created_by_name, created_by_email,
      added_at FROM added
    ON CONFLICT (code_id) DO NOTHING)
  INSERT INTO rm.discount_code_stores (code_id, store_id, discount_id, code_folded, state, updated_at)
  SELECT a.code_id, s.store_id, a.discount_id, a.code_folded, 'pending', a.added_at
  FROM added a CROSS JOIN LATERAL unnest(a.store_ids) AS s(store_id)
  ON CONFLICT (code_id, store_id) DO NOTHING`;

/** A run of additions (an import adds thousands of codes at once) in one statement. */
const insertCodes = async (events: readonly ProjectedEvent<'DiscountCodesAdded'>[], tx: pg.PoolClient) => {
  const rows = events.flatMap(({ data }) =>
    data.codes.map(({ codeId, code }) => ({
      code_id: codeId,
      discount_id: data.discountId,
      brand_id: data.brandId,
      code,
      code_folded: foldCode(code),
      influencer_name: data.influencerName,
      created_by_name: data.addedBy.name,
      created_by_email: data.addedBy.email,
      added_at: data.addedAt,
      store_ids: data.storeIds,
    })),
  );
  await tx.query(insertCodesSql, [JSON.stringify(rows)]);
};

/** Outcomes apply to the code that is not being removed (a code deleted and added again has a new row). */
const setStateSql = `
  UPDATE rm.discount_code_stores s SET state = o.state, reason = o.reason, updated_at = o.at
  FROM jsonb_to_recordset($1::jsonb) AS o(discount_id uuid, store_id int, code_folded text, state text, reason text,
    at timestamptz)
  WHERE s.discount_id = o.discount_id AND s.store_id = o.store_id AND s.code_folded = o.code_folded
    AND s.state NOT IN ('removing', 'removal_failed')`;

type Outcome = { code: string; state: string; reason: string | null };
const setStates = async (
  tx: pg.PoolClient,
  at: { discountId: string; storeId: number; at: string },
  outcomes: readonly Outcome[],
) => {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((o) => ({
    discount_id: at.discountId,
    store_id: at.storeId,
    code_folded: foldCode(o.code),
    state: o.state,
    reason: o.reason,
    at: at.at,
  }));
  await tx.query(setStateSql, [JSON.stringify(rows)]);
};

/**
 * rm.discount_codes and rm.discount_code_stores from the `discount-codes:<id>` streams (decision 1102): each code,
 * and per store whether it is pending, live, refused (with Shopify's reason) or being removed.
 */
export const discountCodesProjection = defineProjection({
  name: 'discount-codes',
  version: 2, // 2: codes folded as Shopify compares them (decision 1310)
  // rm.discount_code_counts follows rm.discount_codes by trigger (migration 0041); a rebuild empties it too.
  tables: ['rm.discount_codes', 'rm.discount_code_stores', 'rm.discount_code_counts'],
  handles: {
    DiscountCodeDeleted: async ({ data }, tx) => {
      await tx.query('UPDATE rm.discount_codes SET deleted_at = $2 WHERE code_id = $1', [data.codeId, data.deletedAt]);
      // Stores it was never reserved in have nothing to remove; the others wait for the reactor's confirmation.
      await tx.query('DELETE FROM rm.discount_code_stores WHERE code_id = $1 AND NOT store_id = ANY($2::int[])', [
        data.codeId,
        data.storeIds,
      ]);
      await tx.query(
        `UPDATE rm.discount_code_stores SET state = 'removing', reason = NULL, updated_at = $2 WHERE code_id = $1`,
        [data.codeId, data.deletedAt],
      );
      await tx.query(
        `DELETE FROM rm.discount_codes c WHERE code_id = $1
         AND NOT EXISTS (SELECT FROM rm.discount_code_stores s WHERE s.code_id = c.code_id)`,
        [data.codeId],
      );
    },
    DiscountCodesPushed: async ({ data }, tx) => {
      await setStates(tx, { discountId: data.discountId, storeId: data.storeId, at: data.pushedAt }, [
        ...data.live.map((code) => ({ code, state: 'live', reason: null })),
        ...data.refused.map(({ code, reason, conflict }) => ({
          code,
          state: conflict ? 'conflict' : 'failed',
          reason,
        })),
      ]);
    },
    DiscountCodesPushFailed: async ({ data }, tx) => {
      await setStates(
        tx,
        { discountId: data.discountId, storeId: data.storeId, at: data.failedAt },
        data.codes.map((code) => ({ code, state: 'failed', reason: data.reason })),
      );
    },
    DiscountCodeRemovedFromStore: async ({ data }, tx) => {
      await tx.query('DELETE FROM rm.discount_code_stores WHERE code_id = $1 AND store_id = $2', [
        data.codeId,
        data.storeId,
      ]);
      await tx.query(
        `DELETE FROM rm.discount_codes c WHERE code_id = $1 AND deleted_at IS NOT NULL
         AND NOT EXISTS (SELECT FROM rm.discount_code_stores s WHERE s.code_id = c.code_id)`,
        [data.codeId],
      );
    },
    DiscountCodeRemovalFailed: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.discount_code_stores SET state = 'removal_failed', reason = $3, updated_at = $4
         WHERE code_id = $1 AND store_id = $2`,
        [data.codeId, data.storeId, data.reason, data.failedAt],
      );
    },
  },
  handlesMany: { DiscountCodesAdded: insertCodes },
});
