import { defineProjection } from '../../define-projection';
import { releaseCodes, reserveCodes } from './code-reservations';
import { applyDeploymentRun } from './deployment-rows';
import { insertDiscounts } from './discount-rows';

/**
 * rm.discounts (with rm.discount_totals), rm.discount_deployments and rm.code_reservations from the discount streams and the
 * code-reservation ledger (decision 1030). The events a create or an import of codes appends by the hundred
 * are handled a run at a time; every handler is safe to replay.
 */
export const discountsProjection = defineProjection({
  name: 'discounts',
  version: 3, // 2: rm.discount_totals (decision 1033); 3: codes folded as Shopify compares them (decision 1310)
  tables: ['rm.discounts', 'rm.discount_totals', 'rm.discount_deployments', 'rm.code_reservations'],
  handles: {
    DiscountSeedCodeReassigned: async ({ data }, tx) => {
      await tx.query('UPDATE rm.discount_deployments SET code = $3 WHERE discount_id = $1 AND store_id = $2', [
        data.discountId,
        data.storeId,
        data.to,
      ]);
    },
    DiscountEnded: async ({ data }, tx) => {
      await tx.query('UPDATE rm.discounts SET ended_at = $2 WHERE id = $1', [data.discountId, data.endedAt]);
    },
    DiscountDeactivatedInStore: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.discount_deployments SET status = 'ended', reason = NULL, retryable = false, updated_at = $3
         WHERE discount_id = $1 AND store_id = $2`,
        [data.discountId, data.storeId, data.deactivatedAt],
      );
    },
    // Still live in that store: it stays deployed, and says why it is (decision 1030).
    DiscountDeactivationFailed: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.discount_deployments SET reason = $3, retryable = $4, updated_at = $5
         WHERE discount_id = $1 AND store_id = $2`,
        [
          data.discountId,
          data.storeId,
          `Could not end it in this store: ${data.reason}`,
          data.retryable,
          data.failedAt,
        ],
      );
    },
  },
  handlesMany: {
    DiscountCreated: insertDiscounts,
    DiscountDeploymentRequested: applyDeploymentRun('DiscountDeploymentRequested'),
    DiscountDeployed: applyDeploymentRun('DiscountDeployed'),
    DiscountDeploymentFailed: applyDeploymentRun('DiscountDeploymentFailed'),
    CodeReserved: reserveCodes,
    CodeReleased: releaseCodes,
  },
});
