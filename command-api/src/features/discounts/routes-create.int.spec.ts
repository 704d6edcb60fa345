import { codeReservationStream, discountStream, isSeedCodeShape, parseDomainEvent } from '@dm/events';
import { discountCreatedAnswerSchema, discountMessages, eventPositionHeader } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDiscountWorld, item, type DiscountTestWorld } from '../../../test/discount-world';

let world: DiscountTestWorld;
let admin: { cookie: string; origin: string };

const post = (payload: unknown, as = admin, headers: Record<string, string> = {}) =>
  world.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    headers: { ...as, ...headers },
    payload: payload as Record<string, unknown>,
  });
const eventsOf = async (streamId: string) => (await world.eventStore.readStream(streamId)).map(parseDomainEvent);

const multi = (over: Record<string, unknown> = {}) => ({
  name: 'Summer Sale',
  discountType: 'multi',
  description: '',
  brandId: 1,
  storeIds: [],
  createdBy: 'placeholder',
  codes: [],
  productScope: { type: 'all', productIds: [], collectionIds: [] },
  multiConfig: {
    discounts: [
      { target: { type: 'collection', id: item.picks, name: 'Summer Picks' }, kind: 'percentage', amount: '10' },
    ],
    tieredDiscounting: false,
    tiers: [],
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
  },
  conditions: {
    startDate: '',
    endDate: '',
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
  },
  ...over,
});
const gwp = (config: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  ...multi({ name: 'Free hat', discountType: 'gwp', multiConfig: null }),
  gwpConfig: {
    requiredType: 'product',
    triggerProducts: [item.shirtUk],
    requiredCollection: null,
    giftProducts: [item.hat],
    triggerQuantity: 1,
    giftQuantity: 1,
    minimumCartValue: null,
    ...config,
  },
  ...over,
});
const rule = (r: Record<string, unknown>) =>
  multi({ multiConfig: { discounts: [{ target: { type: 'product', id: item.shirtUk, name: 'Linen Shirt' }, ...r }] } });

beforeAll(async () => {
  world = await buildDiscountWorld();
  admin = await world.signInNamed('ada@x.test', [1], 'Ada', 'Admin');
});
afterAll(() => world.close());

describe('When an admin creates a multi discount for every store of the brand', () => {
  it('should answer 201 with its id, seed code and the active stores, and record it with its deployments and reservations', async () => {
    const response = await post(multi());
    expect(response.statusCode, response.body).toBe(201);
    const answer = discountCreatedAnswerSchema.parse(response.json());
    const [uk, de] = [world.stores['aurora-uk']!, world.stores['aurora-de']!];
    expect(answer).toEqual({ id: answer.id, seedCode: answer.seedCode, storeIds: [uk, de] });
    // Unguessable: drawn at random from an alphabet without look-alikes, not made from the name (issue 25).
    expect(isSeedCodeShape(answer.seedCode)).toBe(true);
    expect(Number(response.headers[eventPositionHeader])).toBeGreaterThan(0);

    const events = await eventsOf(discountStream(answer.id));
    expect(events.map((e) => e.type)).toEqual([
      'DiscountCreated',
      'DiscountDeploymentRequested',
      'DiscountDeploymentRequested',
    ]);
    expect(events[0]!.data).toMatchObject({
      name: 'Summer Sale',
      description: null,
      productScope: { type: 'all' },
      createdBy: { userId: 'user-ada@x.test', name: 'Ada Admin', email: 'ada@x.test' },
    });
    for (const storeId of [uk, de]) {
      expect(await eventsOf(codeReservationStream(storeId, answer.seedCode))).toEqual([
        expect.objectContaining({ type: 'CodeReserved', data: expect.objectContaining({ discountId: answer.id }) }),
      ]);
    }
  });

  it('should give the next discount of the same name another random code', async () => {
    const first = discountCreatedAnswerSchema.parse((await post(multi({ name: 'Twice' }))).json());
    const again = discountCreatedAnswerSchema.parse((await post(multi({ name: 'Twice' }))).json());
    expect(isSeedCodeShape(again.seedCode)).toBe(true);
    expect(again.seedCode).not.toBe(first.seedCode);
  });

  it('should record a re-sent create (same Idempotency-Key) once', async () => {
    const key = { 'idempotency-key': 'create-once' };
    const first = await post(multi({ name: 'Once' }), admin, key);
    const before = await world.eventCount();
    const second = await post(multi({ name: 'Once' }), admin, key);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await world.eventCount()).toBe(before);
  });
});

describe('When an admin creates a gift with purchase', () => {
  it('should accept an item available through its link and record the gift settings', async () => {
    const response = await post(gwp({ triggerProducts: [item.shirtDe], triggerQuantity: 2 }));
    expect(response.statusCode, response.body).toBe(201);
    const [created] = await eventsOf(discountStream(response.json<{ id: string }>().id));
    expect(created?.data).toMatchObject({
      discountType: 'gwp',
      gwp: { triggerProductIds: [item.shirtDe], giftProductIds: [item.hat], triggerQuantity: 2, giftQuantity: 1 },
    });
  });
});

describe('When the payload breaks a rule', () => {
  type Stores = DiscountTestWorld['stores'];
  const cases: [string, object | ((stores: Stores) => object), string | RegExp][] = [
    ['no name', multi({ name: '  ' }), `name: ${discountMessages.nameRequired}`],
    ['an unknown type', multi({ discountType: 'bogo' }), `discountType: ${discountMessages.typeRequired}`],
    ['no brand', multi({ brandId: undefined }), `brandId: ${discountMessages.brandRequired}`],
    ['a zero value', rule({ kind: 'percentage', amount: '0' }), discountMessages.ruleValuePositive],
    ['a percentage over 100', rule({ kind: 'percentage', amount: '150' }), discountMessages.percentageAtMost100],
    ['an amount with 3 decimals', rule({ kind: 'fixed', amount: '1.234' }), discountMessages.amountTwoDecimals],
    [
      'an end before the start',
      multi({ conditions: { startDate: '2026-02-02T10:00', endDate: '2026-02-01T10:00' } }),
      `conditions.endDate: ${discountMessages.endAfterStart}`,
    ],
    ['a gift without gifts', gwp({ giftProducts: [] }), discountMessages.giftRequired],
    ['a product trigger without products', gwp({ triggerProducts: [] }), discountMessages.triggerProductsRequired],
    [
      'a collection trigger without its collection',
      gwp({ requiredType: 'collection' }),
      discountMessages.triggerCollectionRequired,
    ],
    [
      'a gift scoped to no product',
      gwp({}, { productScope: { type: 'products', productIds: [] } }),
      discountMessages.productsRequired,
    ],
    [
      'a gift scoped to no collection',
      gwp({}, { productScope: { type: 'collections', collectionIds: [] } }),
      discountMessages.collectionsRequired,
    ],
    ['a zero quantity', gwp({ giftQuantity: 0 }), discountMessages.quantityPositive],
    ['a cart value with 3 decimals', gwp({ minimumCartValue: '10.123' }), discountMessages.cartValue],
    [
      'two combinesWith copies that differ',
      multi({
        conditions: { combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: false } },
      }),
      /conditions\.combinesWith \(order false, product true, shipping false\) and multiConfig\.combinesWith \(order true, product true, shipping false\) differ/,
    ],
    [
      'an inactive store',
      (s: Stores) => multi({ storeIds: [s['aurora-fr']] }),
      'Store Aurora FR is inactive: activate it or leave it out.',
    ],
    [
      'a store of another brand',
      (s: Stores) => multi({ storeIds: [s['aurora-uk'], s['borealis-uk']] }),
      'Store Borealis GB belongs to another brand.',
    ],
    ['an unknown store', multi({ storeIds: [999] }), 'Store 999 does not exist.'],
    [
      'a product not marked for discount',
      rule({ target: { type: 'product', id: item.scarf, name: 'Wool Scarf' }, kind: 'percentage', amount: '10' }),
      'Product "Wool Scarf" (Aurora GB) is not available for discount: mark it first.',
    ],
    [
      'a gift product of another brand',
      gwp({ giftProducts: [item.boot] }),
      `Product ${item.boot} is not in this brand's catalog.`,
    ],
  ];

  it.each(cases)('should refuse %s with 400 naming it, and record nothing', async (_, payload, message) => {
    const before = await world.eventCount();
    const response = await post(payload instanceof Function ? payload(world.stores) : payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await world.eventCount()).toBe(before);
  });
});

describe('When someone without the admin level or the brand creates a discount', () => {
  it('should answer 403 to a user, a manager and an admin of another brand, and record nothing', async () => {
    const user = await world.signIn('user@x.test', 'user', [1]);
    const manager = await world.signIn('manager@x.test', 'manager', [1]);
    const otherAdmin = await world.signIn('borealis@x.test', 'admin', [2]);
    const before = await world.eventCount();
    for (const [as, message] of [
      [user, 'This needs the admin level or higher.'],
      [manager, 'This needs the admin level or higher.'],
      [otherAdmin, 'You do not have access to brand 1.'],
    ] as const) {
      const response = await post(multi({ name: 'Not mine' }), as);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await world.eventCount()).toBe(before);
  });

  it('should let a super admin create for any brand', async () => {
    const superAdmin = await world.signIn('super@x.test', 'super_admin', [1, 2]);
    const response = await post(
      multi({
        name: 'Boots',
        brandId: 2,
        multiConfig: {
          discounts: [{ target: { type: 'product', id: item.boot, name: 'Boot' }, kind: 'fixed', amount: 5 }],
        },
      }),
      superAdmin,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ storeIds: [world.stores['borealis-uk']] });
    expect(isSeedCodeShape(discountCreatedAnswerSchema.parse(response.json()).seedCode)).toBe(true);
  });
});

// Last in the file: it marks the scarf, which the refusals above need unmarked.
describe('When an admin marks a product and creates a discount on it before the catalog read model has the mark', () => {
  it('should wait for the projections to pass the caller’s x-min-position and create it, not refuse it as unmarked', async () => {
    // The catalog projection's next checkpoint move waits for this lock, so the mark stays unread until it goes.
    const holder = await world.db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM es.checkpoints WHERE name = 'projection:catalog' FOR UPDATE");
      const marked = await world.app.inject({
        method: 'POST',
        url: '/api/products/mark-for-discount',
        headers: admin,
        payload: { brandId: 1, productIds: [item.scarf] },
      });
      expect(marked.statusCode, marked.body).toBeLessThan(300);
      const position = String(marked.headers[eventPositionHeader]);
      let answered = false;
      const created = post(
        rule({ target: { type: 'product', id: item.scarf, name: 'Wool Scarf' }, kind: 'percentage', amount: '10' }),
        admin,
        { 'x-min-position': position },
      ).finally(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      await holder.query('COMMIT');
      const response = await created;
      expect(response.statusCode, response.body).toBe(201);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
  });
});
