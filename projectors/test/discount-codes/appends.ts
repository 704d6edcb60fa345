import { randomUUID } from 'node:crypto';
import type { StreamAppend } from '@dm/event-store';
import { codeReservationStream, discountCodesStream } from '@dm/events';
import type { GivenDiscount } from '../discount-deployment/given';
import { at, storeIds, type Slug } from '../discount-deployment/world';

/** What the write side appends when codes are added: the codes, and each reserved in each store, at once. */
export const addCodes = (
  discount: GivenDiscount,
  codes: readonly string[],
  stores: readonly Slug[],
): StreamAppend[] => [
  {
    streamId: discountCodesStream(discount.discountId),
    expected: 'any',
    events: [
      {
        type: 'DiscountCodesAdded',
        data: {
          discountId: discount.discountId,
          brandId: 1,
          codes: codes.map((code) => ({ codeId: randomUUID(), code })),
          storeIds: stores.map((s) => storeIds[s]),
          savedLocally: false,
          influencerName: null,
          addedBy: { userId: 'uma@demo.test', name: 'Uma', email: 'uma@demo.test' },
          addedAt: at,
        },
        metadata: { brandId: 1 },
      },
    ],
  },
  ...stores.flatMap((s) =>
    codes.map((code) => ({
      streamId: codeReservationStream(storeIds[s], code),
      expected: 'no_stream' as const,
      events: [
        {
          type: 'CodeReserved',
          data: { storeId: storeIds[s], code, discountId: discount.discountId, brandId: 1, reservedAt: at },
        },
      ],
    })),
  ),
];
