import { evolveStoreDeployment, type StoreDeployment, type StoreDeploymentEvent } from '@dm/events';
import type pg from 'pg';

interface DeploymentRow {
  readonly discount_id: string;
  readonly store_id: number;
  readonly status: string;
  readonly reason: string | null;
  readonly retryable: boolean;
  readonly attempts: number;
  readonly code: string;
  readonly shopify_discount_id: string | null;
  readonly updated_at: string;
}

/** A row is the fold's `StoreDeployment` of that store; `ended` is its `deactivated` (only ever after a deploy). */
const storeOf = (row: DeploymentRow): StoreDeployment => ({
  attempt: row.attempts,
  outcome: row.status === 'ended' ? 'deployed' : (row.status as StoreDeployment['outcome']),
  code: row.code,
  shopifyDiscountId: row.shopify_discount_id,
  reason: row.reason,
  retryable: row.retryable,
  deactivated: row.status === 'ended',
});

const rowOf = (key: Pick<DeploymentRow, 'discount_id' | 'store_id'>, s: StoreDeployment, at: string) => ({
  ...key,
  status: s.deactivated ? 'ended' : s.outcome,
  reason: s.reason,
  retryable: s.retryable,
  attempts: s.attempt,
  code: s.code,
  shopify_discount_id: s.shopifyDiscountId,
  updated_at: at,
});

const timeOf = (event: StoreDeploymentEvent): string => {
  switch (event.type) {
    case 'DiscountDeploymentRequested':
      return event.data.requestedAt;
    case 'DiscountDeployed':
      return event.data.deployedAt;
    case 'DiscountDeploymentFailed':
    case 'DiscountDeactivationFailed':
      return event.data.failedAt;
    case 'DiscountSeedCodeReassigned':
      return event.data.reassignedAt;
    case 'DiscountDeactivatedInStore':
      return event.data.deactivatedAt;
  }
};

/**
 * A run of one kind of store event: the stores' rows read, each event applied with the stream's one fold
 * (`evolveStoreDeployment`, decision 1300), the changed rows written back. A store without a row is not a
 * target of the discount, and the fold ignores it too. `updated_at` moves only when the fold changed.
 */
export const applyStoreRun = async (events: readonly StoreDeploymentEvent[], tx: pg.PoolClient) => {
  const keys = [...new Set(events.map((e) => `${e.data.discountId}:${e.data.storeId}`))];
  const { rows } = await tx.query<DeploymentRow>(
    `SELECT d.discount_id::text, d.store_id, d.status, d.reason, d.retryable, d.attempts, d.code,
              d.shopify_discount_id, d.updated_at::text
       FROM rm.discount_deployments d
       WHERE d.discount_id::text || ':' || d.store_id = ANY($1::text[])
       FOR UPDATE`,
    [keys],
  );
  const current = new Map(rows.map((r) => [`${r.discount_id}:${r.store_id}`, { row: r, store: storeOf(r) }]));
  const changed = new Map<string, ReturnType<typeof rowOf>>();
  for (const event of events) {
    const key = `${event.data.discountId}:${event.data.storeId}`;
    const found = current.get(key);
    if (!found) continue;
    const next = evolveStoreDeployment(found.store, event);
    if (next === found.store) continue;
    current.set(key, { row: found.row, store: next });
    changed.set(key, rowOf(found.row, next, timeOf(event)));
  }
  if (changed.size === 0) return;
  await tx.query(
    `UPDATE rm.discount_deployments d
       SET status = u.status, reason = u.reason, retryable = u.retryable, attempts = u.attempts, code = u.code,
           shopify_discount_id = u.shopify_discount_id, updated_at = u.updated_at
       FROM jsonb_to_recordset($1::jsonb) AS u(discount_id uuid, store_id int, status text, reason text,
         retryable boolean, attempts int, code text, shopify_discount_id text, updated_at timestamptz)
       WHERE d.discount_id = u.discount_id AND d.store_id = u.store_id`,
    [JSON.stringify([...changed.values()])],
  );
};
