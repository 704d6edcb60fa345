import type pg from 'pg';
import type { ProjectedEvent } from '../../define-projection';

type Outcome = 'DiscountDeploymentRequested' | 'DiscountDeployed' | 'DiscountDeploymentFailed';

interface DeploymentChange {
  readonly discount_id: string;
  readonly store_id: number;
  readonly attempt: number;
  readonly at: string;
  readonly reason: string | null;
  readonly retryable: boolean;
  readonly shopify_discount_id: string | null;
  readonly code: string | null;
}

/**
 * What each event sets, and when it applies: a request only moves the store to a newer attempt; an outcome
 * applies to its own attempt or a newer one, so an answer to an older attempt never overwrites a later request.
 */
const outcomes: Record<Outcome, { status: string; applies: string; set: string }> = {
  DiscountDeploymentRequested: {
    status: 'pending',
    applies: 'excluded.attempts > d.attempts',
    set: 'reason = NULL, retryable = false',
  },
  DiscountDeployed: {
    status: 'deployed',
    applies: 'excluded.attempts >= d.attempts',
    set: 'reason = NULL, retryable = false, code = excluded.code, shopify_discount_id = excluded.shopify_discount_id',
  },
  DiscountDeploymentFailed: {
    status: 'failed',
    applies: 'excluded.attempts >= d.attempts',
    set: 'reason = excluded.reason, retryable = excluded.retryable',
  },
};

const changeOf = (event: ProjectedEvent<Outcome>): DeploymentChange => {
  const base = { discount_id: event.data.discountId, store_id: event.data.storeId, attempt: event.data.attempt };
  switch (event.type) {
    case 'DiscountDeploymentRequested':
      return {
        ...base,
        at: event.data.requestedAt,
        reason: null,
        retryable: false,
        shopify_discount_id: null,
        code: null,
      };
    case 'DiscountDeployed':
      return {
        ...base,
        at: event.data.deployedAt,
        reason: null,
        retryable: false,
        shopify_discount_id: event.data.shopifyDiscountId,
        code: event.data.code,
      };
    case 'DiscountDeploymentFailed':
      return {
        ...base,
        at: event.data.failedAt,
        reason: event.data.reason,
        retryable: event.data.retryable,
        shopify_discount_id: null,
        code: null,
      };
    default: {
      const exhaustive: never = event;
      throw new Error(`Unexpected deployment event ${String(exhaustive)}`);
    }
  }
};

/**
 * A run of one kind of deployment event in one statement; the last event per store wins. A store missing its
 * row (never expected: the discount's creation lists its stores) gets one, with the discount's seed code.
 */
export const applyDeploymentRun =
  (type: Outcome) => async (events: readonly ProjectedEvent<Outcome>[], tx: pg.PoolClient) => {
    const { status, applies, set } = outcomes[type];
    const latest = new Map(events.map((e) => [`${e.data.discountId}:${e.data.storeId}`, changeOf(e)]));
    await tx.query(
      `INSERT INTO rm.discount_deployments AS d (discount_id, store_id, status, reason, retryable, attempts, code,
                                                 shopify_discount_id, updated_at)
       SELECT u.discount_id, u.store_id, $2, u.reason, u.retryable, u.attempt,
              coalesce(u.code, (SELECT x.seed_code FROM rm.discounts x WHERE x.id = u.discount_id), ''),
              u.shopify_discount_id, u.at
       FROM jsonb_to_recordset($1::jsonb) AS u(discount_id uuid, store_id int, attempt int, at timestamptz,
         reason text, retryable boolean, shopify_discount_id text, code text)
       ON CONFLICT (discount_id, store_id) DO UPDATE
       SET status = excluded.status, attempts = excluded.attempts, updated_at = excluded.updated_at, ${set}
       WHERE ${applies}`,
      [JSON.stringify([...latest.values()]), status],
    );
  };
