import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type DiscountEvent } from '@dm/events';
import { createDiscountBodySchema, type CreateDiscountBody } from '@dm/events/http';
import { describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import type { CatalogItemFact, CreateDiscount, StoreFact } from './commands';
import { discountDecider } from './decider';
import type { DiscountWorldEvent } from './state';

const spec = deciderSpec(discountDecider);
const admin: Actor = { id: 'u1', email: 'ada@x.test', name: 'Ada Admin', level: 'admin', brandIds: [1] };
const discountId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const other = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
/** The random seed codes the handler drew for the command, in order. */
const [seedA, seedB, seedC] = ['KQ7M-8XH3-PZ2W', 'HT4N-92BC-VW3R', 'Y6DP-AE5F-JM7Q'] as const;
const [shirt, scarf, hat, sale, foreign] = [
  '10000000-0000-4000-8000-000000000001',
  '10000000-0000-4000-8000-000000000002',
  '10000000-0000-4000-8000-000000000003',
  '20000000-0000-4000-8000-000000000001',
  '30000000-0000-4000-8000-000000000001',
] as const;

const stores: StoreFact[] = [
  { id: 1, name: 'Aurora GB', brandId: 1, isActive: true, connected: true },
  { id: 2, name: 'Aurora DE', brandId: 1, isActive: true, connected: true },
  { id: 3, name: 'Aurora FR', brandId: 1, isActive: false, connected: true },
  { id: 4, name: 'Borealis GB', brandId: 2, isActive: true, connected: true },
];
const item = (id: string, title: string, over: Partial<CatalogItemFact> = {}): CatalogItemFact => ({
  id,
  kind: 'product',
  brandId: 1,
  title,
  storeName: 'Aurora GB',
  available: true,
  ...over,
});
const items: CatalogItemFact[] = [
  item(shirt, 'Linen Shirt'),
  item(scarf, 'Wool Scarf', { available: false }),
  item(hat, 'Sun Hat'),
  item(sale, 'Summer Picks', { kind: 'collection' }),
  item(foreign, 'Borealis Boot', { brandId: 2, storeName: 'Borealis GB' }),
];

/** Every item has an equivalent in every store unless a test says otherwise. */
const everywhere: CreateDiscount['data']['coverage'] = {
  targets: items.map((i) => ({ kind: i.kind, id: i.id, title: i.title, storeIds: [1, 2, 3, 4], offers: {} })),
};

const multiBody: CreateDiscountBody = {
  name: 'Summer Sale 2025!',
  discountType: 'multi',
  description: 'Warm days',
  brandId: 1,
  storeIds: [],
  createdBy: 'placeholder-user',
  codes: [],
  productScope: { type: 'products', productIds: [shirt], collectionIds: [] },
  multiConfig: {
    discounts: [
      { target: { type: 'collection', id: sale, name: 'as typed' }, kind: 'percentage', amount: '10' },
      { target: { type: 'product', id: shirt, name: 'Linen Shirt' }, kind: 'fixed', amount: '5.50' },
    ],
  },
  conditions: { startDate: '2025-06-01T09:00:00.000Z', endDate: '2025-06-30T21:00:00.000Z' },
};
const gwpBody: CreateDiscountBody = {
  name: 'Free hat',
  discountType: 'gwp',
  brandId: 1,
  storeIds: [2],
  productScope: { type: 'all' },
  gwpConfig: {
    requiredType: 'product',
    triggerProducts: [shirt],
    requiredCollection: sale,
    giftProducts: [hat],
    triggerQuantity: 2,
  },
};

const create = (body: CreateDiscountBody, actor: Actor = admin, facts: Partial<CreateDiscount['data']> = {}) => ({
  type: 'CreateDiscount' as const,
  data: {
    discountId,
    input: createDiscountBodySchema.parse(body),
    stores,
    items,
    coverage: everywhere,
    seedCandidates: [seedA, seedB, seedC],
    ...facts,
  },
  metadata: metadataFor(actor),
});
const requested = (storeId: number, attempt = 1): DiscountEvent => ({
  type: 'DiscountDeploymentRequested',
  data: { discountId, storeId, attempt, requestedAt: testNow },
});
const reserved = (storeId: number, code: string, holder = discountId): DiscountWorldEvent => ({
  type: 'CodeReserved',
  data: { storeId, code, discountId: holder, brandId: 1, reservedAt: testNow },
});
const created = (storeIds: number[], seedCode: string = seedA): DiscountEvent => ({
  type: 'DiscountCreated',
  data: {
    discountId,
    brandId: 1,
    name: 'Summer Sale 2025!',
    description: 'Warm days',
    discountType: 'multi',
    productScope: { type: 'all', productIds: [], collectionIds: [] },
    rules: [
      { target: { type: 'collection', id: sale, name: 'Summer Picks' }, kind: 'percentage', amount: '10' },
      { target: { type: 'product', id: shirt, name: 'Linen Shirt' }, kind: 'fixed', amount: '5.50' },
    ],
    gwp: null,
    startsAt: '2025-06-01T09:00:00.000Z',
    endsAt: '2025-06-30T21:00:00.000Z',
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
    storeIds,
    seedCode,
    createdBy: { userId: 'u1', name: 'Ada Admin', email: 'ada@x.test' },
    createdAt: testNow,
  },
});
const createdData = (events: DiscountWorldEvent[]) => {
  const first = events[0];
  if (first?.type !== 'DiscountCreated') throw new Error('expected DiscountCreated first');
  return first.data;
};

describe('When a multi discount is created for no store in particular', () => {
  it('should record it for every active store of the brand, ask for each deployment and reserve the seed in each', () => {
    spec
      .given([])
      .when(create(multiBody))
      .then([created([1, 2]), requested(1), requested(2), reserved(1, seedA), reserved(2, seedA)]);
  });
  // The expectation above also shows: the creator is the session's person (the payload's placeholder is
  // ignored), a multi's scope is every product whatever the payload says, and rule names are the catalog's titles.
});

describe('When a drawn seed code is taken', () => {
  it('should take the next drawn code free in every target store, whatever its case there', () => {
    spec
      .given([reserved(2, seedA, other), reserved(1, seedB.toLowerCase(), other)])
      .when(create(multiBody))
      .then([created([1, 2], seedC), requested(1), requested(2), reserved(1, seedC), reserved(2, seedC)]);
  });

  it('should take the code again once its holder released it, and ignore stores that are not targets', () => {
    const released: DiscountWorldEvent = {
      type: 'CodeReleased',
      data: { storeId: 1, code: seedA, discountId: other, brandId: 1, releasedAt: testNow },
    };
    spec
      .given([reserved(1, seedA, other), released, reserved(4, seedA, other)])
      .when(create(multiBody))
      .then([created([1, 2]), requested(1), requested(2), reserved(1, seedA), reserved(2, seedA)]);
  });
});

describe('When the discount is already recorded', () => {
  it('should record nothing again (the same command re-sent)', () => {
    spec
      .given([created([1, 2]), requested(1), requested(2)])
      .when(create(multiBody))
      .then([]);
  });
});

describe('When the target stores are named', () => {
  it('should deploy to exactly those stores', () => {
    const events = discountDecider.decide(create({ ...multiBody, storeIds: [2] }), discountDecider.initialState);
    expect(createdData(events).storeIds).toEqual([2]);
    expect(events.filter((e) => e.type === 'CodeReserved')).toEqual([reserved(2, seedA)]);
  });

  it('should refuse a store of another brand, an inactive store and an unknown one, naming each', () => {
    const when = (storeIds: number[]) => spec.given([]).when(create({ ...multiBody, storeIds }));
    when([1, 4]).thenThrows(ValidationError, 'Store Borealis GB belongs to another brand.');
    when([3]).thenThrows(ValidationError, 'Store Aurora FR is inactive: activate it or leave it out.');
    when([99]).thenThrows(ValidationError, 'Store 99 does not exist.');
    when([3, 4]).thenThrows(ValidationError, /Aurora FR is inactive.*Borealis GB belongs to another brand/);
  });

  it('should refuse a brand without an active store', () => {
    const inactive = stores.map((s) => ({ ...s, isActive: false }));
    spec
      .given([])
      .when(create(multiBody, admin, { stores: inactive }))
      .thenThrows(ValidationError, /Brand 1 has no active store/);
  });
});

describe('When a store of the brand is not connected (no access token)', () => {
  const withoutDe = stores.map((s) => (s.id === 2 ? { ...s, connected: false } : s));

  it('should refuse it when chosen, saying in words what to ask for', () => {
    spec
      .given([])
      .when(create({ ...multiBody, storeIds: [1, 2] }, admin, { stores: withoutDe }))
      .thenThrows(ValidationError, /^Aurora DE is not connected to Shopify yet: .*Admin API access token/);
  });

  it('should leave it out of every active store and deploy to the connected ones', () => {
    spec
      .given([])
      .when(create(multiBody, admin, { stores: withoutDe }))
      .then([created([1]), requested(1), reserved(1, seedA)]);
  });

  it('should refuse every active store when none is connected, naming each', () => {
    const none = stores.map((s) => ({ ...s, connected: false }));
    spec
      .given([])
      .when(create(multiBody, admin, { stores: none }))
      .thenThrows(ValidationError, /Aurora GB is not connected.*Aurora DE is not connected/);
  });
});

describe('When the payload names catalog items', () => {
  const withRule = (id: string, type: 'product' | 'collection' = 'product'): CreateDiscountBody => ({
    ...multiBody,
    multiConfig: { discounts: [{ target: { type, id, name: 'x' }, kind: 'percentage', amount: '10' }] },
  });

  it('should refuse an item not marked available for discount, naming it and its store', () => {
    spec
      .given([])
      .when(create(withRule(scarf)))
      .thenThrows(ValidationError, 'Product "Wool Scarf" (Aurora GB) is not available for discount: mark it first.');
  });

  it("should refuse an item of another brand, an unknown one and one of the other kind as not in the brand's catalog", () => {
    spec
      .given([])
      .when(create(withRule(foreign)))
      .thenThrows(ValidationError, `Product ${foreign} is not in this brand's catalog.`);
    spec
      .given([])
      .when(create(withRule('not-a-uuid')))
      .thenThrows(ValidationError, "Product not-a-uuid is not in this brand's catalog.");
    spec
      .given([])
      .when(create(withRule(shirt, 'collection')))
      .thenThrows(ValidationError, `Collection ${shirt} is not in this brand's catalog.`);
  });

  it("should check a gift's products: scope, trigger and gifts", () => {
    const gwp = (over: Partial<NonNullable<CreateDiscountBody['gwpConfig']>>, scope = gwpBody.productScope) =>
      create({ ...gwpBody, productScope: scope, gwpConfig: { ...gwpBody.gwpConfig!, ...over } });
    spec
      .given([])
      .when(gwp({ giftProducts: [scarf] }))
      .thenThrows(ValidationError, /"Wool Scarf"/);
    spec
      .given([])
      .when(gwp({ triggerProducts: [foreign] }))
      .thenThrows(ValidationError, new RegExp(foreign));
    spec
      .given([])
      .when(gwp({ requiredType: 'collection', requiredCollection: foreign }))
      .thenThrows(ValidationError, `Collection ${foreign} is not in this brand's catalog.`);
    spec
      .given([])
      .when(gwp({}, { type: 'products', productIds: [scarf] }))
      .thenThrows(ValidationError, /"Wool Scarf"/);
  });
});

describe('When a gift with purchase is created', () => {
  it('should keep only the trigger the trigger type names', () => {
    const byProduct = createdData(discountDecider.decide(create(gwpBody), discountDecider.initialState));
    expect(byProduct.gwp).toEqual({
      requiredType: 'product',
      triggerProductIds: [shirt],
      requiredCollectionId: null,
      giftProductIds: [hat],
      triggerQuantity: 2,
      giftQuantity: 1,
      minimumCartValue: null,
    });
    expect(byProduct.rules).toEqual([]);
    const byCollection = createdData(
      discountDecider.decide(
        create({ ...gwpBody, gwpConfig: { ...gwpBody.gwpConfig!, requiredType: 'collection', minimumCartValue: 50 } }),
        discountDecider.initialState,
      ),
    );
    expect(byCollection.gwp).toMatchObject({
      triggerProductIds: [],
      requiredCollectionId: sale,
      minimumCartValue: '50',
    });
  });
});

describe('When combinesWith is sent twice', () => {
  const both = (config: object | undefined, conditions: object | undefined) =>
    create({
      ...multiBody,
      multiConfig: { ...multiBody.multiConfig!, ...(config ? { combinesWith: config } : {}) },
      conditions: { ...multiBody.conditions, ...(conditions ? { combinesWith: conditions } : {}) },
    });
  const combinesOf = (command: ReturnType<typeof both>) =>
    createdData(discountDecider.decide(command, discountDecider.initialState)).combinesWith;

  it("should count the conditions' copy, accept an equal copy in the config, and else use the config's or the defaults", () => {
    const shipping = { orderDiscounts: false, productDiscounts: true, shippingDiscounts: true };
    expect(combinesOf(both(shipping, shipping))).toEqual(shipping);
    expect(combinesOf(both(undefined, shipping))).toEqual(shipping);
    expect(combinesOf(both(shipping, undefined))).toEqual(shipping);
    expect(combinesOf(both(undefined, undefined))).toEqual({
      orderDiscounts: true,
      productDiscounts: true,
      shippingDiscounts: false,
    });
  });

  it('should refuse two copies that differ, naming both', () => {
    spec
      .given([])
      .when(both({ shippingDiscounts: true }, {}))
      .thenThrows(
        ValidationError,
        'conditions.combinesWith (order true, product true, shipping false) and multiConfig.combinesWith (order true, product true, shipping true) differ.',
      );
  });
});

describe('When someone without the brand creates a discount', () => {
  it('should refuse another brand, but not the system (the seed)', () => {
    spec
      .given([])
      .when(create(multiBody, { ...admin, brandIds: [2] }))
      .thenThrows(ForbiddenError, 'You do not have access to brand 1.');
    const events = discountDecider.decide(create(multiBody, systemActor), discountDecider.initialState);
    expect(createdData(events).createdBy).toEqual({ userId: 'system', name: 'System', email: null });
  });
});

// ── Retry and end ──

const failed = (storeId: number, attempt = 1): DiscountEvent => ({
  type: 'DiscountDeploymentFailed',
  data: { discountId, storeId, reason: 'Shopify said no', retryable: false, attempt, failedAt: testNow },
});
const deployed = (storeId: number, attempt = 1): DiscountEvent => ({
  type: 'DiscountDeployed',
  data: { discountId, storeId, shopifyDiscountId: 'gid://1', code: seedA, attempt, deployedAt: testNow },
});
const ended: DiscountEvent = {
  type: 'DiscountEnded',
  data: { discountId, endedBy: { userId: 'u1', name: 'Ada Admin', email: 'ada@x.test' }, endedAt: testNow },
};
const life = [created([1, 2]), requested(1), requested(2)];
const retry = (storeId: number, actor: Actor = admin) => ({
  type: 'RetryDiscountDeployment' as const,
  data: { discountId, storeId },
  metadata: metadataFor(actor),
});
const end = (actor: Actor = admin) => ({
  type: 'EndDiscount' as const,
  data: { discountId },
  metadata: metadataFor(actor),
});

describe('When a failed store is retried', () => {
  it('should ask for the next attempt in that store', () => {
    spec
      .given([...life, failed(1)])
      .when(retry(1))
      .then([requested(1, 2)]);
    spec
      .given([...life, failed(1), requested(1, 2), failed(1, 2)])
      .when(retry(1))
      .then([requested(1, 3)]);
  });

  it('should refuse a store still deploying or deployed (409), even when an older attempt failed late', () => {
    spec.given(life).when(retry(1)).thenThrows(ConflictError, 'still running');
    spec
      .given([...life, deployed(1)])
      .when(retry(1))
      .thenThrows(ConflictError, 'already deployed');
    spec
      .given([...life, failed(1), requested(1, 2), failed(1, 1)])
      .when(retry(1))
      .thenThrows(ConflictError, 'still running');
  });

  it('should refuse an ended discount', () => {
    spec
      .given([...life, failed(1), ended])
      .when(retry(1))
      .thenThrows(ConflictError, 'has ended');
  });

  it('should answer not found for a store that is no target, a missing discount and one of another brand', () => {
    spec.given(life).when(retry(4)).thenThrows(NotFoundError, 'Store 4 is not a target store of this discount.');
    spec.given([]).when(retry(1)).thenThrows(NotFoundError, `Discount ${discountId} was not found.`);
    spec
      .given([...life, failed(1)])
      .when(retry(1, { ...admin, brandIds: [2] }))
      .thenThrows(NotFoundError, `Discount ${discountId} was not found.`);
  });
});

describe('When a discount is ended early', () => {
  it('should record who ended it, once', () => {
    spec.given(life).when(end()).then([ended]);
    spec
      .given([...life, ended])
      .when(end())
      .thenThrows(ConflictError, 'This discount has already ended.');
  });

  it('should answer not found for a missing discount or one of another brand', () => {
    spec.given([]).when(end()).thenThrows(NotFoundError, 'was not found');
    spec
      .given(life)
      .when(end({ ...admin, brandIds: [2] }))
      .thenThrows(NotFoundError, 'was not found');
  });
});

describe('When the stores lack equivalents of what the discount names (the pre-flight)', () => {
  const coverage = (storesOf: Record<string, number[]>): CreateDiscount['data']['coverage'] => ({
    targets: items.map((i) => ({
      kind: i.kind,
      id: i.id,
      title: i.title,
      storeIds: storesOf[i.id] ?? [1, 2],
      offers: {},
    })),
  });

  it('should refuse a create whose targets exist in none of the chosen stores, naming per store what is missing', () => {
    spec
      .given([])
      .when(create(multiBody, admin, { coverage: coverage({ [sale]: [1], [shirt]: [2] }) }))
      .thenThrows(
        ConflictError,
        'No chosen store has an equivalent of everything this discount names: Aurora GB has no equivalent of product "Linen Shirt". Aurora DE has no equivalent of collection "Summer Picks". Link the equivalents in the catalog, or choose a store that has them.',
      );
    spec
      .given([])
      .when(create(gwpBody, admin, { coverage: coverage({ [hat]: [1] }) }))
      .thenThrows(ConflictError, /Aurora DE has no equivalent of gift product "Sun Hat"\./);
  });

  it('should record the discount for every chosen store when at least one store has every target', () => {
    spec
      .given([])
      .when(create(multiBody, admin, { coverage: coverage({ [sale]: [1] }) }))
      .then([created([1, 2]), requested(1), requested(2), reserved(1, seedA), reserved(2, seedA)]);
  });
});
