import type { CatalogSeed } from './seed-catalog';
import type { DiscountRecord } from './types';

export interface DiscountSeedInput {
  readonly slug: string;
  readonly functionId: string;
  readonly codesPerShop: number;
  readonly hugeCodes: number;
  readonly newId: () => number;
  readonly newIds: (count: number) => number;
}

const base = (id: number, title: string, startsAt: string, endsAt: string | null): DiscountRecord => ({
  id,
  type: 'basic',
  title,
  startsAt,
  endsAt,
  createdAt: '2026-01-10T10:00:00Z',
  updatedAt: '2026-01-10T10:00:00Z',
  usageLimit: null,
  appliesOncePerCustomer: false,
  usesPerOrderLimit: null,
  recurringCycleLimit: null,
  combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
  context: { kind: 'all' },
  customerGets: null,
  customerBuys: null,
  minimumRequirement: null,
  app: null,
  metafields: [],
  tags: [],
  asyncUsageCount: 0,
  bulkAdded: false,
  codes: { generated: null, explicit: [] },
});

const allItems = { kind: 'all' } as const;

/** Existing code discounts of every kind and status, one bulk set, and optionally the benchmark's huge set. */
export const seedDiscounts = (catalog: CatalogSeed, input: DiscountSeedInput): DiscountRecord[] => {
  const { newId } = input;
  const code = (text: string) => ({ id: newId(), code: text, asyncUsageCount: 0 });
  const gets = (
    value: NonNullable<DiscountRecord['customerGets']>['value'],
    items: NonNullable<DiscountRecord['customerGets']>['items'] = allItems,
  ) => ({ value, items, appliesOnOneTimePurchase: true, appliesOnSubscription: false });
  const shared = catalog.products[0]!;
  const gift = catalog.variants.find(
    (v) => catalog.products.find((p) => p.id === v.productId)?.productType === 'Accessories',
  )!;
  const sale = catalog.collections.find((c) => c.handle === 'sale')!;
  const discounts: DiscountRecord[] = [];
  const push = (d: DiscountRecord, codes: string[]) => {
    d.codes.explicit.push(...codes.map(code));
    discounts.push(d);
  };
  push(
    {
      ...base(newId(), 'Welcome 10', '2026-01-10T00:00:00Z', null),
      customerGets: gets({ kind: 'percentage', percentage: 0.1 }),
      appliesOncePerCustomer: true,
      asyncUsageCount: 42,
    },
    ['WELCOME10'],
  );
  push(
    {
      ...base(newId(), 'Save 5 on sale', '2026-02-01T00:00:00Z', null),
      customerGets: gets(
        { kind: 'amount', amount: '5.0', appliesOnEachItem: false },
        { kind: 'collections', collectionIds: [sale.id] },
      ),
      minimumRequirement: { subtotal: '50.0' },
    },
    ['SAVE5'],
  );
  push(
    {
      ...base(newId(), 'Spring 20', '2099-03-01T00:00:00Z', '2099-04-01T00:00:00Z'),
      customerGets: gets(
        { kind: 'percentage', percentage: 0.2 },
        { kind: 'products', productIds: [shared.id], variantIds: [] },
      ),
    },
    ['SPRING20'],
  );
  push(
    {
      ...base(newId(), 'Summer 2020', '2019-06-01T00:00:00Z', '2020-09-01T00:00:00Z'),
      customerGets: gets({ kind: 'percentage', percentage: 0.15 }),
    },
    ['OLDSUMMER'],
  );
  push(
    {
      ...base(newId(), 'Gift with two jackets', '2026-01-15T00:00:00Z', null),
      type: 'bxgy',
      usesPerOrderLimit: 1,
      combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: false },
      customerBuys: {
        value: { quantity: '2' },
        items: { kind: 'collections', collectionIds: [catalog.collections[2]!.id] },
      },
      customerGets: gets(
        { kind: 'onQuantity', quantity: '1', effect: { percentage: 1 } },
        { kind: 'products', productIds: [], variantIds: [gift.id] },
      ),
    },
    ['GIFTJACKET'],
  );
  const rules = JSON.stringify({
    rules: [
      { percentage: 0.15, minimumSubtotal: '100.0' },
      { percentage: 0.1, collectionIds: [sale.id] },
    ],
  });
  push(
    {
      ...base(newId(), 'Multi tiered', '2026-01-20T00:00:00Z', null),
      type: 'app',
      app: { functionId: input.functionId, discountClasses: ['ORDER', 'PRODUCT'] },
      metafields: [
        {
          id: newId(),
          namespace: '$app:discount-manager',
          key: 'function-configuration',
          type: 'json',
          value: rules,
          createdAt: '2026-01-20T00:00:00Z',
          updatedAt: '2026-01-20T00:00:00Z',
        },
      ],
    },
    ['MULTI15', 'MULTI15-VIP'],
  );
  if (input.codesPerShop > 0) {
    const bulk = base(newId(), 'Influencer codes', '2026-03-01T00:00:00Z', null);
    discounts.push({
      ...bulk,
      customerGets: gets({ kind: 'percentage', percentage: 0.15 }),
      bulkAdded: true,
      codes: {
        generated: {
          prefix: `${input.slug.toUpperCase()}-INF-`,
          count: input.codesPerShop,
          firstId: input.newIds(input.codesPerShop),
          removed: [],
        },
        explicit: [],
      },
    });
  }
  if (input.hugeCodes > 0) {
    const huge = base(newId(), 'Benchmark million', '2026-03-01T00:00:00Z', null);
    discounts.push({
      ...huge,
      customerGets: gets({ kind: 'percentage', percentage: 0.05 }),
      bulkAdded: true,
      codes: {
        generated: { prefix: 'BENCH-', count: input.hugeCodes, firstId: input.newIds(input.hugeCodes), removed: [] },
        explicit: [],
      },
    });
  }
  return discounts;
};
