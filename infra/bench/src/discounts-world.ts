import { type createCommandBus, systemActor } from '@dm/command-api/commands';
import type { EventStore, StreamAppend } from '@dm/event-store';
import { codeReservationStream, discountStream, type DiscountEvent } from '@dm/events';

type Commands = ReturnType<typeof createCommandBus>;

const seasons = ['Summer', 'Winter', 'Spring', 'Autumn', 'Holiday', 'Flash', 'Weekend', 'Loyalty'];
const offers = ['Sale', 'Deal', 'Offer', 'Bundle', 'Treat', 'Gift'];
const storesPerBrand = 10;
const metadata = { actorId: 'bench', actorEmail: null, correlationId: 'bench', causationId: null, commandId: 'bench' };
const creator = { userId: 'bench-admin', name: 'Bench Admin', email: 'bench-admin@bench.test' };

/** Two brands with ten stores each in ten countries, through the command bus as the seed does. */
export const createBrandsAndStores = async (commands: Commands) => {
  const brands = [
    { id: 1, name: 'Aurora' },
    { id: 2, name: 'Borealis' },
  ];
  for (const brand of brands) await commands.registerBrand(brand.name, systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  for (let c = 0; c < storesPerBrand; c++) {
    await commands.createCountry(
      { code: `${String.fromCharCode(65 + c)}X`, name: `Country ${c}`, regionId: 1 },
      systemActor,
    );
  }
  for (const brand of brands) {
    for (let s = 0; s < storesPerBrand; s++) {
      await commands.createStore(
        { urlSlug: `${brand.name.toLowerCase()}-${s}`, brandId: brand.id, brandName: brand.name, countryId: s + 1 },
        systemActor,
      );
    }
  }
  return brands;
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Discount n was created 90 minutes after n − 1, from Jan 1, 2024: 10,000 span about 21 months. */
export const createdAtOf = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 90 * 60_000).toISOString();

interface BenchDiscount {
  readonly n: number;
  readonly brandId: number;
  readonly storeIds: readonly number[];
  readonly createdAt: string;
}

const discountOf = (n: number): BenchDiscount => {
  const brandId = (n % 2) + 1;
  const firstStore = (brandId - 1) * storesPerBrand + 1;
  // One to three stores of its brand, rotating.
  const storeIds = Array.from({ length: (n % 3) + 1 }, (_, k) => firstStore + ((n + k) % storesPerBrand));
  return { n, brandId, storeIds, createdAt: createdAtOf(n) };
};

/** Every fourth a GWP; the multis alternate a percentage or a fixed amount as their first rule. */
const createdEvent = ({ n, brandId, storeIds, createdAt }: BenchDiscount): DiscountEvent => {
  const kind = n % 4 === 0 ? 'gwp' : n % 2 === 1 ? 'percentage' : 'fixed';
  const target = (type: 'product' | 'collection', id: number) => ({ type, id: uuid(900_000 + id), name: `T${id}` });
  return {
    type: 'DiscountCreated',
    data: {
      discountId: uuid(n),
      brandId,
      name: `${seasons[n % seasons.length]} ${offers[n % offers.length]} ${n}`,
      description:
        n % 3 === 0 ? `Staff campaign number ${n} for the ${seasons[(n + 3) % seasons.length]} window` : null,
      discountType: kind === 'gwp' ? 'gwp' : 'multi',
      productScope: { type: 'all', productIds: [], collectionIds: [] },
      rules:
        kind === 'gwp'
          ? []
          : [
              { target: target('collection', n % 50), kind, amount: kind === 'fixed' ? '5.00' : '15' },
              { target: target('product', n % 70), kind: 'percentage', amount: '5' },
            ],
      gwp:
        kind === 'gwp'
          ? {
              requiredType: 'product',
              triggerProductIds: [uuid(800_000 + (n % 40))],
              requiredCollectionId: null,
              giftProductIds: [uuid(700_000 + (n % 30))],
              triggerQuantity: 1,
              giftQuantity: 1,
              minimumCartValue: null,
            }
          : null,
      startsAt: null,
      endsAt: null,
      combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
      storeIds: [...storeIds],
      seedCode: `SEED-${n}`,
      createdBy: creator,
      createdAt,
    },
  };
};

/** Codes of a discount beyond its seed: every tenth has ten more, in each of its stores. */
const codesOf = (d: BenchDiscount) => [
  `SEED-${d.n}`,
  ...(d.n % 10 === 0 ? Array.from({ length: 10 }, (_, i) => `VIP-${d.n}-${i}`) : []),
];

/** A create as the command API appends it: the discount with a request per store, and each code reserved there. */
const creation = (d: BenchDiscount): StreamAppend[] => [
  {
    streamId: discountStream(uuid(d.n)),
    events: [
      createdEvent(d),
      ...d.storeIds.map((storeId) => ({
        type: 'DiscountDeploymentRequested',
        data: { discountId: uuid(d.n), storeId, attempt: 1, requestedAt: d.createdAt },
      })),
    ].map((e) => ({ ...e, metadata: { ...metadata, brandId: d.brandId } })),
    expected: 'no_stream',
  },
  ...d.storeIds.flatMap((storeId) =>
    codesOf(d).map((code) => ({
      streamId: codeReservationStream(storeId, code),
      events: [
        {
          type: 'CodeReserved',
          data: { storeId, code, discountId: uuid(d.n), brandId: d.brandId, reservedAt: d.createdAt },
          metadata: { ...metadata, brandId: d.brandId },
        },
      ],
      expected: 'no_stream' as const,
    })),
  ),
];

/** What the reactor would answer: deployed everywhere, except one store of every 17th discount. */
const deployment = (d: BenchDiscount): StreamAppend => ({
  streamId: discountStream(uuid(d.n)),
  events: d.storeIds.map((storeId, i) => ({
    metadata: { ...metadata, brandId: d.brandId },
    ...(d.n % 17 === 0 && i === 0
      ? {
          type: 'DiscountDeploymentFailed',
          data: {
            discountId: uuid(d.n),
            storeId,
            reason: 'Product T1 has no equivalent in this store',
            retryable: false,
            attempt: 1,
            failedAt: d.createdAt,
          },
        }
      : {
          type: 'DiscountDeployed',
          data: {
            discountId: uuid(d.n),
            storeId,
            shopifyDiscountId: `gid://shopify/DiscountCodeNode/${d.n}${storeId}`,
            code: `SEED-${d.n}`,
            attempt: 1,
            deployedAt: d.createdAt,
          },
        }),
  })),
  expected: 'exists',
});

const inChunks = async <T>(items: readonly T[], size: number, parallel: number, run: (chunk: T[]) => Promise<void>) => {
  const chunks = Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < chunks.length) await run(chunks[next++]!);
    }),
  );
};

/**
 * `count` discounts across the two brands, appended in bulk (an atomic append per 100 creates, several at
 * once), then their deployment outcomes the same way. Returns how many events were appended.
 */
export const appendDiscounts = async (eventStore: EventStore, count: number): Promise<number> => {
  const discounts = Array.from({ length: count }, (_, i) => discountOf(i + 1));
  let events = 0;
  await inChunks(discounts, 100, 4, async (chunk) => {
    const appends = chunk.flatMap(creation);
    await eventStore.appendMany(appends);
    events += appends.reduce((sum, a) => sum + a.events.length, 0);
  });
  await inChunks(discounts, 100, 4, async (chunk) => {
    const appends = chunk.map(deployment);
    await eventStore.appendMany(appends);
    events += appends.reduce((sum, a) => sum + a.events.length, 0);
  });
  return events;
};
