import { randomUUID } from 'node:crypto';
import type { EventStore } from '@dm/event-store';
import { codeSyncStream, discountStream } from '@dm/events';

const at = '2026-11-28T01:00:00.000Z';
const staff = { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' };

/**
 * A discount's life over two stores, as the write side and reactors append it, and a code sync of the first:
 * 10 events, 7 of them public; 13 store copies (the first store gets 7, the second 6: DiscountEnded goes to both).
 */
export const appendDiscountStory = async (store: EventStore, stores: readonly [number, number]) => {
  const discountId = randomUUID();
  const codeId = randomUUID();
  const stream = discountStream(discountId);
  const perStore = (storeId: number) => [
    { type: 'DiscountDeploymentRequested', data: { discountId, storeId, attempt: 1, requestedAt: at } },
    {
      type: 'DiscountDeployed',
      data: {
        discountId,
        storeId,
        shopifyDiscountId: `gid://shopify/Discount/${storeId}`,
        code: 'SEED',
        attempt: 1,
        deployedAt: at,
      },
    },
  ];
  await store.append(
    stream,
    [
      {
        type: 'DiscountCreated',
        data: {
          discountId,
          brandId: 1,
          name: 'Winter',
          description: null,
          discountType: 'multi',
          productScope: { type: 'all', productIds: [], collectionIds: [] },
          rules: [],
          gwp: null,
          startsAt: at,
          endsAt: null,
          combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
          storeIds: [...stores],
          seedCode: 'SEED',
          createdBy: staff,
          createdAt: at,
        },
      },
      ...perStore(stores[0]),
      ...perStore(stores[1]),
      {
        type: 'DiscountCodesAdded',
        data: {
          discountId,
          brandId: 1,
          codes: [{ codeId, code: 'WINTER10' }],
          storeIds: [...stores],
          savedLocally: false,
          influencerName: null,
          addedBy: staff,
          addedAt: at,
        },
      },
      {
        type: 'DiscountCodeDeleted',
        data: {
          discountId,
          brandId: 1,
          codeId,
          code: 'WINTER10',
          storeIds: [...stores],
          deletedBy: staff,
          deletedAt: at,
        },
      },
      { type: 'DiscountEnded', data: { discountId, endedBy: staff, endedAt: at } },
    ],
    { expected: 'no_stream' },
  );
  await store.append(
    codeSyncStream(stores[0]),
    [
      {
        type: 'CodeSyncCompleted',
        data: {
          syncId: randomUUID(),
          storeId: stores[0],
          kind: 'full',
          totalCodes: 1,
          totalDiscounts: 1,
          discountsChanged: 1,
          discountsRemoved: 0,
          startedAt: at,
          completedAt: at,
        },
      },
    ],
    { expected: 'any' },
  );
  return { discountId, events: 10, publicEvents: 7, workMessages: 13 };
};
