import { foldCode } from '@dm/events';
import { defineProjection } from '../../define-projection';

/**
 * rm.discount_drift from the `discount-drift:<discountId>:<storeId>` streams (decision 0930): one row per discount
 * and store that ever drifted, its last finding, the re-assertion under way and what an admin accepted.
 */
export const discountDriftProjection = defineProjection({
  name: 'discount-drift',
  version: 2, // 2: codes folded as Shopify compares them (decision 1310)
  tables: ['rm.discount_drift', 'rm.discount_drift_accepted_codes'],
  handles: {
    DiscountDriftDetected: async ({ data }, tx) => {
      await tx.query(
        `INSERT INTO rm.discount_drift (discount_id, store_id, brand_id, state, shopify_discount_id, differences, sync_id,
           detected_at)
         VALUES ($1, $2, $3, 'drifted', $4, $5, $6, $7)
         ON CONFLICT (discount_id, store_id) DO UPDATE SET state = 'drifted', shopify_discount_id = $4,
           differences = $5, sync_id = $6, detected_at = $7, resolved_at = NULL`,
        [
          data.discountId,
          data.storeId,
          data.brandId,
          data.shopifyDiscountId,
          JSON.stringify(data.differences),
          data.syncId,
          data.detectedAt,
        ],
      );
    },
    DiscountDriftCleared: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.discount_drift SET state = 'cleared', resolved_at = $3 WHERE discount_id = $1 AND store_id = $2`,
        [data.discountId, data.storeId, data.clearedAt],
      );
    },
    DiscountDriftReassertRequested: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.discount_drift SET reassert_state = 'requested', reassert_reason = NULL, reassert_at = $3
         WHERE discount_id = $1 AND store_id = $2`,
        [data.discountId, data.storeId, data.requestedAt],
      );
    },
    DiscountDriftReasserted: async ({ data }, tx) => {
      // Our title and dates went back to the store (or the discount was created anew): what was accepted is void.
      const ours = data.recreated || data.fieldsRestored.some((f) => f !== 'status');
      await tx.query(
        `UPDATE rm.discount_drift SET reassert_state = 'done', reassert_reason = NULL, reassert_at = $3,
           shopify_discount_id = $4,
           accepted_fields = CASE WHEN $5 THEN '{}'::jsonb ELSE accepted_fields END,
           accepted_deleted = accepted_deleted AND NOT $5
         WHERE discount_id = $1 AND store_id = $2`,
        [data.discountId, data.storeId, data.reassertedAt, data.shopifyDiscountId, ours],
      );
    },
    DiscountDriftReassertFailed: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.discount_drift SET reassert_state = 'failed', reassert_reason = $3, reassert_at = $4
         WHERE discount_id = $1 AND store_id = $2`,
        [data.discountId, data.storeId, data.reason, data.failedAt],
      );
    },
    DiscountDriftAccepted: async ({ data }, tx) => {
      const { differences } = data;
      const fields = Object.fromEntries(differences.fields.map((f) => [f.field, f.shopify]));
      await tx.query(
        `UPDATE rm.discount_drift SET state = 'accepted', accepted_fields = accepted_fields || $3::jsonb,
           accepted_deleted = accepted_deleted OR $4, accepted_by = $5, accepted_at = $6, resolved_at = $6
         WHERE discount_id = $1 AND store_id = $2`,
        [
          data.discountId,
          data.storeId,
          JSON.stringify(fields),
          differences.deleted,
          data.acceptedBy.email ?? data.acceptedBy.name,
          data.acceptedAt,
        ],
      );
      const codes = [
        ...differences.missingCodes.map((code) => [foldCode(code), 'missing'] as const),
        ...differences.unexpectedCodes.map((code) => [foldCode(code), 'unexpected'] as const),
      ];
      if (codes.length === 0) return;
      await tx.query(
        `INSERT INTO rm.discount_drift_accepted_codes (discount_id, store_id, code_folded, kind)
         SELECT $1, $2, c.folded, c.kind FROM unnest($3::text[], $4::text[]) AS c(folded, kind)
         ON CONFLICT (discount_id, store_id, code_folded) DO UPDATE SET kind = excluded.kind`,
        [data.discountId, data.storeId, codes.map((c) => c[0]), codes.map((c) => c[1])],
      );
    },
  },
});
