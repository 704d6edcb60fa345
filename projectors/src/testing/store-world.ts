// Stores, a discount in all of them and codes added, as the write side appends them: for worker tests and benches.
import { randomUUID } from 'node:crypto';
import type { EventStore, StreamAppend } from '@dm/event-store';
import { catalogImportStream, codeReservationStream, discountCodesStream, discountStream } from '@dm/events';
import { shopDomainOf, type ShopifyEmulator, type StoreConfig } from '@dm/shopify';

export const at = '2026-03-01T09:00:00.000Z';
const metadata = { actorId: 'admin@demo.test', brandId: 1 };

export const slugOf = (storeId: number) => `group-${String(storeId).padStart(2, '0')}`;

export const storeConfigsOf = (emulator: ShopifyEmulator, storeIds: readonly number[]): StoreConfig[] =>
  storeIds.map((id) => ({
    slug: slugOf(id),
    domain: shopDomainOf(slugOf(id)),
    token: emulator.tokens[slugOf(id)] ?? null,
    functionId: emulator.functionIds[slugOf(id)] ?? null,
  }));

/** What locations appends for each store (the projections give the reactors `rm.stores` from it). */
export const givenStores = (eventStore: EventStore, storeIds: readonly number[]) =>
  eventStore.append(
    'locations',
    storeIds.map((storeId) => ({
      type: 'StoreCreated',
      data: {
        storeId,
        name: `Group ${storeId}`,
        urlSlug: slugOf(storeId),
        shopifyDomain: shopDomainOf(slugOf(storeId)),
        brandId: 1,
        countryId: 1,
        createdAt: at,
      },
      metadata,
    })),
    { expected: 'any' },
  );

/** Each store's products imported from Shopify (by the catalog-import reactor), as the stores screen asks. */
export const requestProductImports = (eventStore: EventStore, storeIds: readonly number[]) =>
  eventStore.appendMany(
    storeIds.map((storeId) => {
      const importId = randomUUID();
      return {
        streamId: catalogImportStream(importId),
        expected: 'no_stream' as const,
        events: [
          {
            type: 'CatalogImportRequested',
            data: { importId, kind: 'products', brandId: 1, storeId, storeSlug: slugOf(storeId), requestedAt: at },
            metadata,
          },
        ],
      };
    }),
  );

/**
 * What the write side appends on create: a multi discount of 15% on `product` (every store's copy of it, linked by
 * SKU), a deployment request per store.
 */
export const givenDiscount = async (
  eventStore: EventStore,
  storeIds: readonly number[],
  seedCode: string,
  product: { readonly id: string; readonly title: string },
) => {
  const discountId = randomUUID();
  await eventStore.appendMany([
    {
      streamId: discountStream(discountId),
      expected: 'no_stream',
      events: [
        {
          type: 'DiscountCreated',
          data: {
            discountId,
            brandId: 1,
            name: 'Everywhere',
            seedCode,
            discountType: 'multi',
            description: null,
            productScope: { type: 'all', productIds: [], collectionIds: [] },
            rules: [
              { target: { type: 'product', id: product.id, name: product.title }, kind: 'percentage', amount: '15' },
            ],
            gwp: null,
            startsAt: at,
            endsAt: null,
            combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
            storeIds,
            createdBy: { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' },
            createdAt: at,
          },
          metadata,
        },
        ...storeIds.map((storeId) => ({
          type: 'DiscountDeploymentRequested',
          data: { discountId, storeId, attempt: 1, requestedAt: at },
          metadata,
        })),
      ],
    },
    ...storeIds.map((storeId) => ({
      streamId: codeReservationStream(storeId, seedCode),
      expected: 'no_stream' as const,
      events: [{ type: 'CodeReserved', data: { storeId, code: seedCode, discountId, brandId: 1, reservedAt: at } }],
    })),
  ]);
  return discountId;
};

/**
 * What the write side appends when codes are added: the codes, and each reserved in each store, at once
 * (`reservations: false` leaves the reservations out, for a bench of the push alone).
 */
export const addCodes = (
  discountId: string,
  codes: readonly string[],
  storeIds: readonly number[],
  { reservations = true } = {},
): StreamAppend[] => [
  {
    streamId: discountCodesStream(discountId),
    expected: 'any',
    events: [
      {
        type: 'DiscountCodesAdded',
        data: {
          discountId,
          brandId: 1,
          codes: codes.map((code) => ({ codeId: randomUUID(), code })),
          storeIds,
          savedLocally: false,
          influencerName: null,
          addedBy: { userId: 'uma@demo.test', name: 'Uma', email: 'uma@demo.test' },
          addedAt: at,
        },
        metadata,
      },
    ],
  },
  ...(reservations ? storeIds : []).flatMap((storeId) =>
    codes.map((code) => ({
      streamId: codeReservationStream(storeId, code),
      expected: 'no_stream' as const,
      events: [{ type: 'CodeReserved', data: { storeId, code, discountId, brandId: 1, reservedAt: at } }],
    })),
  ),
];
