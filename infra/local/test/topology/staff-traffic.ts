import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** What the staff's calls came to: every attempt counted, and what was acknowledged (2xx) kept for the checks. */
export interface TrafficRecord {
  requests: number;
  acknowledged: number;
  /** Answers 5xx or no answer (a replica killed mid-request, the gateway's upstream gone): sent again. */
  unanswered: number;
  /** Deployments that failed in a store (its outcome recorded as failed) and were retried, as staff press Retry. */
  retriesPressed: number;
  readonly discounts: { id: string; name: string }[];
  /** Codes acknowledged per discount id, each added to all 30 stores. */
  readonly codes: Map<string, string[]>;
}

export interface TrafficPlan {
  readonly tag: string;
  readonly discounts: number;
  readonly batches: number;
  readonly codesPerBatch: number;
  readonly storeIds: readonly number[];
  readonly product: { id: string; name: string };
}

const createBody = (plan: TrafficPlan, name: string) => ({
  name,
  discountType: 'multi',
  description: '',
  brandId: 1,
  storeIds: plan.storeIds,
  createdBy: 'placeholder',
  codes: [],
  productScope: { type: 'all', productIds: [], collectionIds: [] },
  multiConfig: {
    discounts: [{ target: { type: 'product', ...plan.product }, kind: 'percentage', amount: '10' }],
    tieredDiscounting: false,
    tiers: [],
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
  },
  conditions: { startDate: '', endDate: '' },
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The staff's writes through the gateway, as the screens send them: each form with one Idempotency-Key, sent again
 * with the same key while no answer comes (so a retry answers what the first attempt did). A refusal (4xx) is an
 * answer and fails the run: the plan only asks for what may be done.
 */
export const staffClient = (publicUrl: string, cookie: string, record: TrafficRecord) => {
  const send = async <T>(path: string, body: unknown): Promise<T> => {
    const key = randomUUID();
    for (let attempt = 1; ; attempt++) {
      record.requests++;
      const answer = await fetch(`${publicUrl}${path}`, {
        method: 'POST',
        headers: { cookie, origin: publicUrl, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      }).then(
        async (r) => ({ status: r.status, text: await r.text() }),
        (error: Error) => ({ status: 0, text: error.message }),
      );
      if (answer.status >= 200 && answer.status < 300) {
        record.acknowledged++;
        return JSON.parse(answer.text) as T;
      }
      if (answer.status >= 400 && answer.status < 500)
        throw new Error(`POST ${path} was refused (${answer.status}): ${answer.text}`);
      record.unanswered++;
      if (attempt >= 30) throw new Error(`POST ${path} had no answer in 30 attempts: ${answer.status} ${answer.text}`);
      await pause(500);
    }
  };
  return { send };
};

/**
 * Waits until the log says the discount is deployed in every one of its stores (codes go to deployed stores). A
 * store whose last outcome is a failure gets Retry pressed, as staff do on the deployment panel.
 */
const deployedEverywhere = async (
  client: ReturnType<typeof staffClient>,
  pool: pg.Pool,
  discountId: string,
  stores: number,
  record: TrafficRecord,
) => {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { rows } = await pool.query<{ store_id: string; type: string }>(
      `SELECT DISTINCT ON (data->>'storeId') data->>'storeId' AS store_id, type FROM es.events
       WHERE stream_id = $1 AND type IN ('DiscountDeploymentRequested', 'DiscountDeployed', 'DiscountDeploymentFailed')
       ORDER BY data->>'storeId', global_position DESC`,
      [`discount:${discountId}`],
    );
    const deployed = rows.filter((r) => r.type === 'DiscountDeployed').length;
    if (deployed >= stores) return;
    for (const failed of rows.filter((r) => r.type === 'DiscountDeploymentFailed')) {
      record.retriesPressed++;
      await client.send(`/api/discounts/${discountId}/deployments/${failed.store_id}/retry`, {});
    }
    if (Date.now() > deadline) {
      const outcomes = rows.map((r) => r.type).join(', ');
      throw new Error(
        `Discount ${discountId} was deployed to ${deployed} of ${stores} stores after 3 minutes: ${outcomes}`,
      );
    }
    await pause(250);
  }
};

/** One person's work: create a discount for all stores, wait for its deployment, add codes in batches. */
export const runStaffTraffic = async (
  client: ReturnType<typeof staffClient>,
  pool: pg.Pool,
  plan: TrafficPlan,
  record: TrafficRecord,
) => {
  await Promise.all(
    Array.from({ length: plan.discounts }, async (_, d) => {
      const name = `Topology ${plan.tag} D${d + 1}`;
      const { id } = await client.send<{ id: string }>('/api/admin/discounts', createBody(plan, name));
      record.discounts.push({ id, name });
      await deployedEverywhere(client, pool, id, plan.storeIds.length, record);
      for (let b = 0; b < plan.batches; b++) {
        const codes = Array.from({ length: plan.codesPerBatch }, (_, n) => `T${plan.tag}D${d + 1}B${b + 1}N${n + 1}`);
        await client.send(`/api/discounts/${id}/codes`, { codes, stores: plan.storeIds });
        record.codes.set(id, [...(record.codes.get(id) ?? []), ...codes]);
      }
    }),
  );
};
