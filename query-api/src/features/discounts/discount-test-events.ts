import type { StreamAppend } from '@dm/event-store';
import { codeReservationStream, discountStream, type DiscountEvent } from '@dm/events';

/**
 * Discount events for the read-side tests, appended straight to the log as the command API would append them
 * (the write side is its own feature; its checks are not the point here).
 */
export const discountUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const creator = { userId: 'admin@x.test', name: 'Ada Admin', email: 'admin@x.test' };

export interface TestDiscount {
  readonly n: number;
  readonly brandId: number;
  readonly name: string;
  readonly description: string | null;
  readonly kind: 'gwp' | 'percentage' | 'fixed';
  readonly createdAt: string;
  readonly storeIds: readonly number[];
  readonly startsAt?: string;
  readonly endsAt?: string;
}

const target = (type: 'product' | 'collection', n: number) => ({ type, id: discountUuid(9000 + n), name: `T${n}` });

export const seedCodeOf = (d: TestDiscount) => `SEED-${d.n}`;

/** The create's atomic append: the discount with a deployment request per store, and its seed code reserved. */
export const createdAppends = (d: TestDiscount): StreamAppend[] => {
  const created: DiscountEvent = {
    type: 'DiscountCreated',
    data: {
      discountId: discountUuid(d.n),
      brandId: d.brandId,
      name: d.name,
      description: d.description,
      discountType: d.kind === 'gwp' ? 'gwp' : 'multi',
      productScope: { type: 'all', productIds: [], collectionIds: [] },
      // The second rule is of the other kind: the list shows (and filters by) the first.
      rules:
        d.kind === 'gwp'
          ? []
          : [
              { target: target('collection', 1), kind: d.kind, amount: d.kind === 'fixed' ? '5.50' : '15' },
              { target: target('product', 2), kind: d.kind === 'fixed' ? 'percentage' : 'fixed', amount: '3' },
            ],
      gwp:
        d.kind === 'gwp'
          ? {
              requiredType: 'product',
              triggerProductIds: [discountUuid(9003)],
              requiredCollectionId: null,
              giftProductIds: [discountUuid(9004)],
              triggerQuantity: 1,
              giftQuantity: 1,
              minimumCartValue: null,
            }
          : null,
      startsAt: d.startsAt ?? null,
      endsAt: d.endsAt ?? null,
      combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
      storeIds: [...d.storeIds],
      seedCode: seedCodeOf(d),
      createdBy: creator,
      createdAt: d.createdAt,
    },
  };
  const requests: DiscountEvent[] = d.storeIds.map((storeId) => ({
    type: 'DiscountDeploymentRequested',
    data: { discountId: discountUuid(d.n), storeId, attempt: 1, requestedAt: d.createdAt },
  }));
  return [
    { streamId: discountStream(discountUuid(d.n)), events: [created, ...requests], expected: 'no_stream' },
    ...d.storeIds.map((storeId) => reservation(d, storeId, seedCodeOf(d))),
  ];
};

export const reservation = (d: TestDiscount, storeId: number, code: string): StreamAppend => ({
  streamId: codeReservationStream(storeId, code),
  events: [
    {
      type: 'CodeReserved',
      data: { storeId, code, discountId: discountUuid(d.n), brandId: d.brandId, reservedAt: d.createdAt },
    },
  ],
  expected: 'no_stream',
});

export const outcomes = (d: TestDiscount, events: readonly DiscountEvent[]): StreamAppend => ({
  streamId: discountStream(discountUuid(d.n)),
  events,
  expected: 'exists',
});
