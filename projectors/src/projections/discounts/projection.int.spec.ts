import { createPostgresEventStore, type EventStore, type StreamAppend } from '@dm/event-store';
import { codeReservationStream, discountStream, type CodeReservationEvent, type DiscountEvent } from '@dm/events';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAll, startProjectors } from '../../index';
import { discountsProjection } from './projection';

const logger = pino({ level: 'silent' });
const at = '2026-01-15T10:00:00.000Z';
const later = '2026-01-15T11:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const creator = { userId: 'u-1', name: 'Ada Admin', email: 'admin@x.test' };

const created = (n: number, overrides: Partial<Extract<DiscountEvent, { type: 'DiscountCreated' }>['data']> = {}) =>
  ({
    type: 'DiscountCreated',
    data: {
      discountId: uuid(n),
      brandId: 1,
      name: `Summer ${n}`,
      description: null,
      discountType: 'multi',
      productScope: { type: 'all', productIds: [], collectionIds: [] },
      rules: [
        { target: { type: 'collection', id: uuid(900), name: 'Edit' }, kind: 'fixed', amount: '7.50' },
        { target: { type: 'product', id: uuid(901), name: 'Jacket' }, kind: 'percentage', amount: '10' },
      ],
      gwp: null,
      startsAt: null,
      endsAt: null,
      combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
      storeIds: [1, 2],
      seedCode: `SUMMER-${n}`,
      createdBy: creator,
      createdAt: at,
      ...overrides,
    },
  }) satisfies DiscountEvent;
const requested = (n: number, storeId: number, attempt = 1): DiscountEvent => ({
  type: 'DiscountDeploymentRequested',
  data: { discountId: uuid(n), storeId, attempt, requestedAt: at },
});
const deployed = (n: number, storeId: number, attempt = 1, code = `SUMMER-${n}`): DiscountEvent => ({
  type: 'DiscountDeployed',
  data: {
    discountId: uuid(n),
    storeId,
    shopifyDiscountId: `gid://shopify/DiscountCodeNode/${n}${storeId}`,
    code,
    attempt,
    deployedAt: later,
  },
});
const failed = (n: number, storeId: number, attempt = 1, reason = 'Shop is closed', retryable = true) =>
  ({
    type: 'DiscountDeploymentFailed',
    data: { discountId: uuid(n), storeId, reason, retryable, attempt, failedAt: later },
  }) satisfies DiscountEvent;
const ledger = (
  type: CodeReservationEvent['type'],
  n: number,
  storeId: number,
  code: string,
): { streamId: string; event: CodeReservationEvent } => {
  const data = { storeId, code, discountId: uuid(n), brandId: 1 };
  return {
    streamId: codeReservationStream(storeId, code),
    event:
      type === 'CodeReserved'
        ? { type, data: { ...data, reservedAt: at } }
        : { type, data: { ...data, releasedAt: later } },
  };
};

/** One atomic append per step, as the command API and the reactor make them. */
const steps: { discount?: [number, DiscountEvent[]]; codes?: ReturnType<typeof ledger>[] }[] = [
  // A multi created for stores 1 and 2 with its seed code reserved in both.
  {
    discount: [1, [created(1), requested(1, 1), requested(1, 2)]],
    codes: [ledger('CodeReserved', 1, 1, 'SUMMER-1'), ledger('CodeReserved', 1, 2, 'SUMMER-1')],
  },
  // Store 1 deployed; store 2 failed, retried, and deployed with a reassigned seed code.
  { discount: [1, [deployed(1, 1), failed(1, 2), requested(1, 2, 2)]] },
  {
    discount: [
      1,
      [
        {
          type: 'DiscountSeedCodeReassigned',
          data: { discountId: uuid(1), storeId: 2, from: 'SUMMER-1', to: 'SUMMER-1-2', reassignedAt: later },
        },
      ],
    ],
    codes: [ledger('CodeReserved', 1, 2, 'SUMMER-1-2')],
  },
  { discount: [1, [deployed(1, 2, 2, 'SUMMER-1-2')]] },
  // A second code for discount 1, the same in two stores (one code), then released from one store only.
  { codes: [ledger('CodeReserved', 1, 1, 'vip10'), ledger('CodeReserved', 1, 2, 'VIP10')] },
  { codes: [ledger('CodeReleased', 1, 2, 'VIP10')] },
  // A GWP whose ledger events come before the discount's in its append; one store fails for good.
  {
    codes: [ledger('CodeReserved', 2, 3, 'GIFT')],
    discount: [
      2,
      [
        created(2, {
          brandId: 2,
          name: 'Gift',
          description: 'A free tote',
          discountType: 'gwp',
          rules: [],
          gwp: {
            requiredType: 'product',
            triggerProductIds: [uuid(902)],
            requiredCollectionId: null,
            giftProductIds: [uuid(903)],
            triggerQuantity: 2,
            giftQuantity: 1,
            minimumCartValue: null,
          },
          storeIds: [3],
          seedCode: 'GIFT',
          startsAt: at,
          endsAt: later,
        }),
        requested(2, 3),
        failed(2, 3, 1, 'Missing product', false),
      ],
    ],
  },
  // A third discount ended early: deactivated in store 1, the deactivation failed in store 2.
  {
    discount: [3, [created(3), requested(3, 1), requested(3, 2), deployed(3, 1), deployed(3, 2)]],
    codes: [ledger('CodeReserved', 3, 1, 'SUMMER-3'), ledger('CodeReserved', 3, 2, 'SUMMER-3')],
  },
  {
    discount: [
      3,
      [
        { type: 'DiscountEnded', data: { discountId: uuid(3), endedBy: creator, endedAt: later } },
        { type: 'DiscountDeactivatedInStore', data: { discountId: uuid(3), storeId: 1, deactivatedAt: later } },
        {
          type: 'DiscountDeactivationFailed',
          data: { discountId: uuid(3), storeId: 2, reason: 'THROTTLED', retryable: true, failedAt: later },
        },
      ],
    ],
  },
];

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
  const versions = new Map<string, bigint>();
  for (const step of steps) {
    const appends: StreamAppend[] = [];
    const add = (streamId: string, events: readonly { type: string; data: unknown }[]) => {
      if (events.length === 0) return;
      const version = versions.get(streamId) ?? 0n;
      appends.push({ streamId, events, expected: version === 0n ? 'no_stream' : version });
      versions.set(streamId, version + BigInt(events.length));
    };
    const codes = step.codes ?? [];
    // Step 7 puts the ledger first; the others put the discount first, as the command API does.
    const ledgerFirst = step.discount?.[0] === 2;
    if (ledgerFirst) for (const c of codes) add(c.streamId, [c.event]);
    if (step.discount) add(discountStream(uuid(step.discount[0])), step.discount[1]);
    if (!ledgerFirst) for (const c of codes) add(c.streamId, [c.event]);
    if (appends.length > 0) await store.appendMany(appends);
  }
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const snapshot = async () => ({
  discounts: (
    await db.pool.query<{ config: { rules: unknown[]; gwp: object | null } } & Record<string, unknown>>(
      `SELECT id, brand_id, name, description, discount_type, first_rule_kind, first_rule_amount, seed_code,
              starts_at, ends_at, ended_at, created_at, created_by, created_by_name, created_by_email, code_count,
              config, search_text
       FROM rm.discounts ORDER BY id`,
    )
  ).rows,
  deployments: (
    await db.pool.query<{ discount_id: string; store_id: number } & Record<string, unknown>>(
      'SELECT * FROM rm.discount_deployments ORDER BY discount_id, store_id',
    )
  ).rows,
  reservations: (
    await db.pool.query<{ store_id: number; code: string; discount_id: string } & Record<string, unknown>>(
      'SELECT * FROM rm.code_reservations ORDER BY store_id, code_folded',
    )
  ).rows,
});

describe('When discounts are created, deployed, coded and ended', () => {
  let live: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    // One event per batch live, so no run holds more than one event; the rebuild below takes them in runs.
    const projectors = startProjectors({
      pool: db.pool,
      eventStore: store,
      projections: [discountsProjection],
      reactors: [],
      logger,
      tuning: { batchSize: 1, pollMs: 20 },
    });
    await projectors.waitForIdle();
    await projectors.stop();
    live = await snapshot();
  });

  it('should hold each discount with its first rule, creator, configuration and distinct code count', () => {
    const [multi, gwp, ended] = live.discounts;
    expect(multi).toMatchObject({
      id: uuid(1),
      brand_id: 1,
      name: 'Summer 1',
      discount_type: 'multi',
      first_rule_kind: 'fixed',
      first_rule_amount: '7.50',
      seed_code: 'SUMMER-1',
      created_by: 'u-1',
      created_by_name: 'Ada Admin',
      created_by_email: 'admin@x.test',
      created_at: new Date(at),
      ended_at: null,
      search_text: 'Summer 1\n',
      // SUMMER-1 (stores 1 and 2), SUMMER-1-2 (store 2), vip10 (still in store 1)
      code_count: 3,
    });
    expect(multi!.config.rules).toHaveLength(2);
    expect(gwp).toMatchObject({
      discount_type: 'gwp',
      first_rule_kind: null,
      first_rule_amount: null,
      code_count: 1,
      starts_at: new Date(at),
      ends_at: new Date(later),
      search_text: 'Gift\nA free tote',
    });
    expect(gwp!.config.gwp).toMatchObject({ triggerQuantity: 2, giftProductIds: [uuid(903)] });
    expect(ended).toMatchObject({ ended_at: new Date(later), code_count: 1 });
  });

  it('should hold each store deployment as its last attempt left it', () => {
    const row = (n: number, storeId: number) =>
      live.deployments.find((d) => d.discount_id === uuid(n) && d.store_id === storeId);
    expect(row(1, 1)).toMatchObject({ status: 'deployed', attempts: 1, code: 'SUMMER-1', reason: null });
    expect(row(1, 2)).toMatchObject({
      status: 'deployed',
      attempts: 2,
      code: 'SUMMER-1-2',
      reason: null,
      shopify_discount_id: 'gid://shopify/DiscountCodeNode/12',
    });
    expect(row(2, 3)).toMatchObject({ status: 'failed', reason: 'Missing product', retryable: false, attempts: 1 });
    expect(row(3, 1)).toMatchObject({ status: 'ended', reason: null });
    expect(row(3, 2)).toMatchObject({
      status: 'deployed',
      reason: 'Could not end it in this store: THROTTLED',
      retryable: true,
    });
    expect(live.deployments).toHaveLength(5);
  });

  it('should hold the ledger as it stands, released codes gone', () => {
    expect(live.reservations.map((r) => [r.store_id, r.code, r.discount_id])).toEqual([
      [1, 'SUMMER-1', uuid(1)],
      [1, 'SUMMER-3', uuid(3)],
      [1, 'vip10', uuid(1)],
      [2, 'SUMMER-1', uuid(1)],
      [2, 'SUMMER-1-2', uuid(1)],
      [2, 'SUMMER-3', uuid(3)],
      [3, 'GIFT', uuid(2)],
    ]);
  });

  it('should hold the same rows after a rebuild that takes the log in large runs', async () => {
    await rebuildAll({ pool: db.pool, eventStore: store, projections: [discountsProjection], logger, batchSize: 1000 });
    expect(await snapshot()).toEqual(live);
  });
});

describe('When an answer to an older attempt arrives after a retry was requested', () => {
  it('should leave the store pending on the newer attempt', async () => {
    await store.append(
      discountStream(uuid(1)),
      [
        { type: 'DiscountDeploymentFailed', data: failed(1, 1, 1).data },
        { type: 'DiscountDeploymentRequested', data: requested(1, 1, 2).data },
        { type: 'DiscountDeployed', data: deployed(1, 1, 1).data },
      ],
      { expected: 'exists' },
    );
    await rebuildAll({ pool: db.pool, eventStore: store, projections: [discountsProjection], logger });
    const { rows } = await db.pool.query(
      'SELECT status, attempts FROM rm.discount_deployments WHERE discount_id = $1 AND store_id = 1',
      [uuid(1)],
    );
    expect(rows).toEqual([{ status: 'pending', attempts: 2 }]);
  });
});
