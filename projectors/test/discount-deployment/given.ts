import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@dm/event-store';
import { codeReservationStream, discountStream } from '@dm/events';
import { at, storeIds, type Slug, type World } from './world';

export interface GivenDiscount {
  readonly discountId: string;
  readonly name: string;
  readonly seedCode: string;
  readonly stores: readonly Slug[];
  readonly data: Record<string, unknown>;
}

/** What the write side appends on create, as the given: the discount, a request per store, the seed reserved. */
export const givenDiscount = async (
  world: World,
  discount: { name: string; seedCode: string; stores: readonly Slug[] } & Record<string, unknown>,
): Promise<GivenDiscount> => {
  const discountId = randomUUID();
  const { stores, ...rest } = discount;
  const data = {
    discountId,
    brandId: 1,
    description: null,
    productScope: { type: 'all', productIds: [], collectionIds: [] },
    rules: [],
    gwp: null,
    startsAt: at,
    endsAt: null,
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
    storeIds: stores.map((s) => storeIds[s]),
    createdBy: { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' },
    createdAt: at,
    ...rest,
  };
  const metadata = { actorId: 'admin@demo.test', brandId: 1, correlationId: discountId };
  await world.eventStore.appendMany([
    {
      streamId: discountStream(discountId),
      expected: 'no_stream',
      events: [
        { type: 'DiscountCreated', data, metadata },
        ...stores.map((s) => ({
          type: 'DiscountDeploymentRequested',
          data: { discountId, storeId: storeIds[s], attempt: 1, requestedAt: at },
          metadata,
        })),
      ],
    },
    ...stores.map((s) => ({
      streamId: codeReservationStream(storeIds[s], discount.seedCode),
      expected: 'no_stream' as const,
      events: [
        {
          type: 'CodeReserved',
          data: { storeId: storeIds[s], code: discount.seedCode, discountId, brandId: 1, reservedAt: at },
          metadata,
        },
      ],
    })),
  ]);
  return { discountId, name: discount.name, seedCode: discount.seedCode, stores, data };
};

/** Appends what the write side appends on Retry / End. */
export const givenRetry = (world: World, discountId: string, slug: Slug, attempt: number) =>
  world.eventStore.append(
    discountStream(discountId),
    [
      {
        type: 'DiscountDeploymentRequested',
        data: { discountId, storeId: storeIds[slug], attempt, requestedAt: at },
        metadata: { brandId: 1 },
      },
    ],
    { expected: 'any' },
  );
export const givenEnded = (world: World, discountId: string) =>
  world.eventStore.append(
    discountStream(discountId),
    [
      {
        type: 'DiscountEnded',
        data: {
          discountId,
          endedBy: { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' },
          endedAt: at,
        },
        metadata: { brandId: 1 },
      },
    ],
    { expected: 'any' },
  );

export const dataOf = <T = Record<string, unknown>>(event: RecordedEvent) => event.data as T;
