import type { RecordedEvent } from '@dm/event-store';
import type { DiscountEvent } from '@dm/events';
import { describe, expect, it } from 'vitest';
import { discountHistory } from './history';

const at = '2026-01-15T10:00:00.000Z';
const discountId = '00000000-0000-4000-8000-000000000001';
const creator = { userId: 'u-1', name: 'Ada Admin', email: 'admin@x.test' };

const recorded = (events: DiscountEvent[]): RecordedEvent[] =>
  events.map((event, i) => ({
    ...event,
    streamId: `discount:${discountId}`,
    streamVersion: BigInt(i + 1),
    globalPosition: BigInt(i + 1),
    txId: 1n,
    eventId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    schemaVersion: 1,
    metadata: {},
    createdAt: new Date(at),
  }));

const created: DiscountEvent = {
  type: 'DiscountCreated',
  data: {
    discountId,
    brandId: 1,
    name: 'Fold',
    description: null,
    discountType: 'multi',
    productScope: { type: 'all', productIds: [], collectionIds: [] },
    rules: [],
    gwp: null,
    startsAt: null,
    endsAt: null,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
    storeIds: [1],
    seedCode: 'FOLD',
    createdBy: creator,
    createdAt: at,
  },
};
const requested = (attempt: number): DiscountEvent => ({
  type: 'DiscountDeploymentRequested',
  data: { discountId, storeId: 1, attempt, requestedAt: at },
});

describe("When the reactors read a discount's stream", () => {
  it('should not take a late answer to an older attempt as the deployment of the newer one', () => {
    const history = discountHistory(
      recorded([
        created,
        requested(1),
        {
          type: 'DiscountDeploymentFailed',
          data: { discountId, storeId: 1, reason: 'No answer', retryable: true, attempt: 1, failedAt: at },
        },
        requested(2),
        {
          type: 'DiscountDeployed',
          data: { discountId, storeId: 1, shopifyDiscountId: 'gid://1', code: 'FOLD', attempt: 1, deployedAt: at },
        },
      ]),
    );
    expect(history?.deployedIn(1)).toBeNull();
    expect(history?.store(1)).toMatchObject({ attempt: 2, outcome: 'pending' });
    expect(history?.version).toBe(5n);
  });
});
