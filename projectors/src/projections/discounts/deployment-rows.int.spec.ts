import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { discountStream, foldDiscountStream, parseDomainEvent, type DiscountEvent } from '@dm/events';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectors } from '../../index';
import { discountsProjection } from './projection';

const at = '2026-01-15T10:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const creator = { userId: 'u-1', name: 'Ada Admin', email: 'admin@x.test' };

const created = (n: number): DiscountEvent => ({
  type: 'DiscountCreated',
  data: {
    discountId: uuid(n),
    brandId: 1,
    name: `Fold ${n}`,
    description: null,
    discountType: 'multi',
    productScope: { type: 'all', productIds: [], collectionIds: [] },
    rules: [{ target: { type: 'product', id: uuid(900), name: 'Jacket' }, kind: 'percentage', amount: '10' }],
    gwp: null,
    startsAt: null,
    endsAt: null,
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
    storeIds: [1],
    seedCode: `FOLD${n}`,
    createdBy: creator,
    createdAt: at,
  },
});
const requested = (n: number, attempt: number): DiscountEvent => ({
  type: 'DiscountDeploymentRequested',
  data: { discountId: uuid(n), storeId: 1, attempt, requestedAt: at },
});
const deployed = (n: number, attempt: number, id: string): DiscountEvent => ({
  type: 'DiscountDeployed',
  data: { discountId: uuid(n), storeId: 1, shopifyDiscountId: id, code: `FOLD${n}`, attempt, deployedAt: at },
});
const failed = (n: number, attempt: number): DiscountEvent => ({
  type: 'DiscountDeploymentFailed',
  data: { discountId: uuid(n), storeId: 1, reason: 'No answer', retryable: true, attempt, failedAt: at },
});
const ended = (n: number): DiscountEvent[] => [
  { type: 'DiscountEnded', data: { discountId: uuid(n), endedBy: creator, endedAt: at } },
  { type: 'DiscountDeactivatedInStore', data: { discountId: uuid(n), storeId: 1, deactivatedAt: at } },
];

/** Streams where the three folds of old disagreed (issue 22, item 3). */
const streams: Record<number, DiscountEvent[]> = {
  // A late answer to attempt 1 after attempt 2 was asked for: attempt 2 is still pending.
  1: [created(1), requested(1, 1), failed(1, 1), requested(1, 2), deployed(1, 1, 'gid://shopify/DiscountCodeNode/1')],
  // Deployed, ended and deactivated, then a deployment recorded again (a re-assert of old): it stays ended.
  2: [
    created(2),
    requested(2, 1),
    deployed(2, 1, 'gid://shopify/DiscountCodeNode/2'),
    ...ended(2),
    deployed(2, 1, 'gid://shopify/DiscountCodeNode/22'),
  ],
  // An outcome for an attempt never asked for changes nothing.
  3: [created(3), requested(3, 1), failed(3, 1), deployed(3, 2, 'gid://shopify/DiscountCodeNode/3')],
};

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
  for (const [n, events] of Object.entries(streams))
    await store.append(discountStream(uuid(Number(n))), events, { expected: 'no_stream' });
  const projectors = startProjectors({
    pool: db.pool,
    eventStore: store,
    projections: [discountsProjection],
    reactors: [],
    logger: pino({ level: 'silent' }),
    tuning: { pollMs: 20 },
  });
  await projectors.waitForIdle();
  await projectors.stop();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('When a deployment row is projected', () => {
  it.each(Object.keys(streams).map(Number))('should equal the one fold of discount %i, store 1', async (n) => {
    const recorded = await store.readStream(discountStream(uuid(n)));
    const { state } = foldDiscountStream(
      recorded.map((e) => ({ event: parseDomainEvent(e) as DiscountEvent, streamVersion: e.streamVersion })),
    );
    if (state.status === 'none') throw new Error('not created');
    const s = state.stores.get(1)!;
    const { rows } = await db.pool.query(
      `SELECT status, attempts, shopify_discount_id, reason, retryable, code
       FROM rm.discount_deployments WHERE discount_id = $1 AND store_id = 1`,
      [uuid(n)],
    );
    expect(rows[0]).toEqual({
      status: s.deactivated ? 'ended' : s.outcome,
      attempts: s.attempt,
      shopify_discount_id: s.shopifyDiscountId,
      reason: s.reason,
      retryable: s.retryable,
      code: s.code,
    });
  });

  it('should keep an ended store ended whatever is recorded after', async () => {
    const { rows } = await db.pool.query(
      'SELECT status FROM rm.discount_deployments WHERE discount_id = $1 AND store_id = 1',
      [uuid(2)],
    );
    expect(rows[0]).toEqual({ status: 'ended' });
  });
});
