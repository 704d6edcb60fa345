import { defineProjection } from '../../define-projection';
import { releaseCodes, reserveCodes } from './code-reservations';
import { applyStoreRun } from './deployment-rows';
import { insertDiscounts } from './discount-rows';

/**
 * rm.discounts (with rm.discount_totals), rm.discount_deployments and rm.code_reservations from the discount streams and the
 * code-reservation ledger (decision 1030). The events a create or an import of codes appends by the hundred
 * are handled a run at a time; every handler is safe to replay.
 */
export const discountsProjection = defineProjection({
  name: 'discounts',
  version: 4, // 2: rm.discount_totals (decision 1033); 3: codes folded as Shopify compares them (decision 1310);
  // 4: deployment rows from the one fold (decision 1300)
  tables: ['rm.discounts', 'rm.discount_totals', 'rm.discount_deployments', 'rm.code_reservations'],
  handles: {
    DiscountEnded: async ({ data }, tx) => {
      await tx.query('UPDATE rm.discounts SET ended_at = $2 WHERE id = $1', [data.discountId, data.endedAt]);
    },
  },
  handlesMany: {
    DiscountCreated: insertDiscounts,
    // Every event of one store: its row is the stream's one fold of that store (decision 1300).
    DiscountDeploymentRequested: applyStoreRun,
    DiscountDeployed: applyStoreRun,
    DiscountDeploymentFailed: applyStoreRun,
    DiscountSeedCodeReassigned: applyStoreRun,
    DiscountDeactivatedInStore: applyStoreRun,
    DiscountDeactivationFailed: applyStoreRun,
    CodeReserved: reserveCodes,
    CodeReleased: releaseCodes,
  },
});
