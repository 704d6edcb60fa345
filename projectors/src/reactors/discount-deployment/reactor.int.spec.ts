import { codeReservationStream } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/fixtures/eventually';
import {
  buildWorld,
  dataOf,
  givenDiscount,
  givenEnded,
  givenRetry,
  storeIds,
  type GivenDiscount,
  wrongFunctionId,
  type Slug,
  type World,
} from '../../../test/discount-deployment/world';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});
afterAll(() => world.close());

const three: Slug[] = ['aurora-uk', 'aurora-de', 'aurora-us'];

/** Waits until every store of the discount has an outcome for its latest attempt; answers them by store. */
const settled = async (discount: GivenDiscount, attempts = 1) => {
  await eventually(
    async () => (await world.outcomesOf(discount.discountId)).length >= discount.stores.length + attempts - 1,
  );
  const outcomes = await world.outcomesOf(discount.discountId);
  return new Map(outcomes.map((e) => [dataOf<{ storeId: number }>(e).storeId, { type: e.type, data: dataOf(e) }]));
};

const appDiscountQuery = `query ($code: String!) { codeDiscountNodeByCode(code: $code) {
  id
  metafield(namespace: "$app:discount-manager", key: "function-configuration") { jsonValue }
  codeDiscount { __typename ... on DiscountCodeApp { title startsAt endsAt status discountClasses
    appDiscountType { functionId } combinesWith { orderDiscounts productDiscounts shippingDiscounts }
    codes(first: 5) { nodes { code } } } } } }`;

const bxgyQuery = `query ($code: String!) { codeDiscountNodeByCode(code: $code) { id codeDiscount { __typename
  ... on DiscountCodeBxgy { title status
    customerBuys { value { __typename ... on DiscountQuantity { quantity } ... on DiscountPurchaseAmount { amount } }
      items { __typename ... on DiscountProducts { products(first: 10) { nodes { id } } }
        ... on DiscountCollections { collections(first: 10) { nodes { id } } } } }
    customerGets { value { ... on DiscountOnQuantity { quantity { quantity } effect { ... on DiscountPercentage { percentage } } } }
      items { ... on DiscountProducts { productVariants(first: 10) { nodes { id } } } } } } } } }`;

type Node = { id: string; metafield?: { jsonValue: unknown }; codeDiscount: Record<string, unknown> } | null;
const nodeOf = async (slug: Slug, query: string, code: string) =>
  (await world.gql<{ codeDiscountNodeByCode: Node }>(slug, query, { code })).codeDiscountNodeByCode;

describe('When a multi discount is deployed to three stores', () => {
  it('should create one app discount per store with the rules resolved to that store and record each', async () => {
    const runner = await world.itemIn('product', 'aurora-uk', '% Runner');
    const jackets = await world.itemIn('collection', 'aurora-uk', 'Jackets');
    const discount = await givenDiscount(world, {
      name: 'Spring Multi',
      seedCode: 'SPRING-MULTI',
      stores: three,
      discountType: 'multi',
      endsAt: '2026-04-01T00:00:00.000Z',
      rules: [
        { target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' },
        { target: { type: 'collection', id: jackets.id, name: 'Jackets' }, kind: 'fixed', amount: '5.50' },
      ],
    });
    const outcomes = await settled(discount);

    for (const slug of three) {
      const outcome = outcomes.get(storeIds[slug])!;
      expect(outcome.type).toBe('DiscountDeployed');
      const node = (await nodeOf(slug, appDiscountQuery, 'SPRING-MULTI'))!;
      expect(outcome.data).toMatchObject({ shopifyDiscountId: node.id, code: 'SPRING-MULTI', attempt: 1 });
      const [product, collection] = [
        await world.itemIn('product', slug, runner.title),
        await world.itemIn('collection', slug, 'Jackets'),
      ];
      expect(node.codeDiscount).toEqual({
        __typename: 'DiscountCodeApp',
        title: 'Spring Multi',
        startsAt: '2026-03-01T09:00:00Z',
        endsAt: '2026-04-01T00:00:00Z',
        status: expect.any(String),
        discountClasses: ['ORDER', 'PRODUCT'],
        appDiscountType: { functionId: world.emulator.functionIds[slug] },
        combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
        codes: { nodes: [{ code: 'SPRING-MULTI' }] },
      });
      expect(node.metafield!.jsonValue).toEqual({
        version: 1,
        rules: [
          { value: { percentage: 15 }, appliesTo: { productIds: [product.shopify_id] } },
          { value: { amount: '5.50' }, appliesTo: { collectionIds: [collection.shopify_id] } },
        ],
        collectionIds: [collection.shopify_id],
      });
    }
  });
});

describe('When a gift with purchase is deployed to three stores', () => {
  it('should create a BXGY per store: trigger quantity on the trigger products, the gift variants at 100 %', async () => {
    const runner = await world.itemIn('product', 'aurora-de', '% Runner');
    const cap = await world.itemIn('product', 'aurora-us', '% Cap');
    const discount = await givenDiscount(world, {
      name: 'Cap With Runners',
      seedCode: 'CAP-WITH-RUNNERS',
      stores: three,
      discountType: 'gwp',
      productScope: { type: 'products', productIds: [runner.id], collectionIds: [] },
      gwp: {
        requiredType: 'product',
        triggerProductIds: [runner.id],
        requiredCollectionId: null,
        giftProductIds: [cap.id],
        triggerQuantity: 2,
        giftQuantity: 1,
        minimumCartValue: null,
      },
    });
    const outcomes = await settled(discount);
    for (const slug of three) {
      expect(outcomes.get(storeIds[slug])?.type).toBe('DiscountDeployed');
      const node = (await nodeOf(slug, bxgyQuery, 'CAP-WITH-RUNNERS'))!;
      const trigger = await world.itemIn('product', slug, runner.title);
      const gift = await world.db.pool.query<{ variants: { id: string }[] }>(
        'SELECT variants FROM rm.catalog_products WHERE store_id = $1 AND title = $2',
        [storeIds[slug], cap.title],
      );
      expect(node.codeDiscount).toEqual({
        __typename: 'DiscountCodeBxgy',
        title: 'Cap With Runners',
        status: expect.any(String),
        customerBuys: {
          value: { __typename: 'DiscountQuantity', quantity: '2' },
          items: { __typename: 'DiscountProducts', products: { nodes: [{ id: trigger.shopify_id }] } },
        },
        customerGets: {
          value: { quantity: { quantity: '1' }, effect: { percentage: 1 } },
          items: { productVariants: { nodes: gift.rows[0]!.variants.map((v) => ({ id: v.id })) } },
        },
      });
    }
  });

  it('should make a minimum cart value the trigger amount, on the trigger collection', async () => {
    const jackets = await world.itemIn('collection', 'aurora-us', 'Jackets');
    const cap = await world.itemIn('product', 'aurora-uk', '% Cap');
    const discount = await givenDiscount(world, {
      name: 'Cap Over 100',
      seedCode: 'CAP-OVER-100',
      stores: ['aurora-uk', 'aurora-fr'],
      discountType: 'gwp',
      gwp: {
        requiredType: 'collection',
        triggerProductIds: [],
        requiredCollectionId: jackets.id,
        giftProductIds: [cap.id],
        triggerQuantity: 1,
        giftQuantity: 1,
        minimumCartValue: '100.00',
      },
    });
    const outcomes = await settled(discount);
    // aurora-fr has no discount Function: a GWP is a native BXGY, so it deploys there all the same.
    for (const slug of ['aurora-uk', 'aurora-fr'] as const) {
      expect(outcomes.get(storeIds[slug])?.type).toBe('DiscountDeployed');
      const node = (await nodeOf(slug, bxgyQuery, 'CAP-OVER-100'))!;
      const collection = await world.itemIn('collection', slug, 'Jackets');
      expect(node.codeDiscount).toMatchObject({
        customerBuys: {
          value: { __typename: 'DiscountPurchaseAmount', amount: '100.0' },
          items: { __typename: 'DiscountCollections', collections: { nodes: [{ id: collection.shopify_id }] } },
        },
      });
    }
  });
});

describe('When one store fails with Shopify unavailable', () => {
  it('should deploy the other two, record the failure with its reason, and deploy it on a retry', async () => {
    const cap = await world.itemIn('product', 'aurora-uk', '% Cap');
    const creates = () => world.emulator.callLog.entries({ shop: 'aurora-de', rootField: 'discountCodeAppCreate' });
    const before = creates().length;
    const faultsBefore = world.emulator.callLog.entries({ shop: 'aurora-de', outcome: 'fault:server-error' }).length;
    world.emulator.faults.inject({
      kind: 'server-error',
      shop: 'aurora-de',
      operation: 'discountCodeAppCreate',
      times: 5,
    });
    const discount = await givenDiscount(world, {
      name: 'Flaky',
      seedCode: 'FLAKY',
      stores: three,
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
    });
    const outcomes = await settled(discount);
    expect(outcomes.get(storeIds['aurora-uk'])?.type).toBe('DiscountDeployed');
    expect(outcomes.get(storeIds['aurora-us'])?.type).toBe('DiscountDeployed');
    expect(outcomes.get(storeIds['aurora-de'])).toEqual({
      type: 'DiscountDeploymentFailed',
      data: expect.objectContaining({
        reason: expect.stringMatching(/^Shopify store aurora-de unavailable after 5 attempts: .*Bad Gateway/),
        retryable: true,
        attempt: 1,
      }),
    });
    // The adapter's five attempts, not five times five: the reactor does not retry what the adapter gave up on.
    expect(
      world.emulator.callLog.entries({ shop: 'aurora-de', outcome: 'fault:server-error' }).length - faultsBefore,
    ).toBe(5);
    expect(await nodeOf('aurora-de', appDiscountQuery, 'FLAKY')).toBeNull();

    await givenRetry(world, discount.discountId, 'aurora-de', 2);
    await eventually(async () => (await world.outcomesOf(discount.discountId)).length === 4);
    const retried = (await world.outcomesOf(discount.discountId)).at(-1)!;
    expect(retried.type).toBe('DiscountDeployed');
    expect(dataOf(retried)).toMatchObject({ storeId: storeIds['aurora-de'], attempt: 2, code: 'FLAKY' });
    expect((await nodeOf('aurora-de', appDiscountQuery, 'FLAKY'))?.id).toBe(dataOf(retried).shopifyDiscountId);
    // Attempt 2 created it once; the five refused calls never reached Shopify's resolvers.
    expect(creates().length - before).toBe(1);
  });
});

describe('When a store cannot take the discount', () => {
  it('should fail a store without an equivalent product, naming it, and call Shopify for nothing there', async () => {
    const local = await world.itemIn('product', 'aurora-uk', '% Edition %');
    const discount = await givenDiscount(world, {
      name: 'Local Only',
      seedCode: 'LOCAL-ONLY',
      stores: ['aurora-uk', 'aurora-de'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: local.id, name: local.title }, kind: 'percentage', amount: '20' }],
    });
    const outcomes = await settled(discount);
    expect(outcomes.get(storeIds['aurora-uk'])?.type).toBe('DiscountDeployed');
    expect(outcomes.get(storeIds['aurora-de'])).toEqual({
      type: 'DiscountDeploymentFailed',
      data: expect.objectContaining({
        reason: `Store Aurora DE has no equivalent of product "${local.title}"`,
        retryable: false,
      }),
    });
    expect(await nodeOf('aurora-de', appDiscountQuery, 'LOCAL-ONLY')).toBeNull();
  });

  it('should fail a multi discount in a store without the discount Function, saying so', async () => {
    const cap = await world.itemIn('product', 'aurora-uk', '% Cap');
    const discount = await givenDiscount(world, {
      name: 'No Function',
      seedCode: 'NO-FUNCTION',
      stores: ['aurora-fr'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '20' }],
    });
    const outcomes = await settled(discount);
    expect(outcomes.get(storeIds['aurora-fr'])).toEqual({
      type: 'DiscountDeploymentFailed',
      data: expect.objectContaining({
        reason: expect.stringContaining(
          "The discount Function is not deployed for store Aurora FR: deploy it with the company's Shopify app, then set AURORA_FR_SHOPIFY_FUNCTION_ID",
        ),
        retryable: false,
      }),
    });
  });
});

describe('When Shopify refuses the discount with userErrors', () => {
  it("should record Shopify's text as the reason after one call, never retried", async () => {
    const cap = await world.itemIn('product', 'aurora-it', '% Cap');
    const creates = () => world.emulator.callLog.entries({ shop: 'aurora-it', rootField: 'discountCodeAppCreate' });
    const before = creates().length;
    const discount = await givenDiscount(world, {
      name: 'Wrong Function',
      seedCode: 'WRONG-FUNCTION',
      stores: ['aurora-it'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
    });
    const outcomes = await settled(discount);
    expect(outcomes.get(storeIds['aurora-it'])).toEqual({
      type: 'DiscountDeploymentFailed',
      data: expect.objectContaining({ reason: `Function ${wrongFunctionId} not found.`, retryable: false }),
    });
    expect(creates().length - before).toBe(1);
  });
});

describe('When the seed code is already taken in a store outside our ledger', () => {
  it('should take the next suffix free in the store and in the ledger, record it atomically, and deploy with it', async () => {
    const cap = await world.itemIn('product', 'aurora-us', '% Cap');
    const taken = world.shopify.store('aurora-us');
    if (!taken.ok) throw taken.error;
    await taken.store.createDiscount({
      kind: 'multi',
      title: 'Made in the Shopify admin',
      code: 'TAKEN-SEED',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      functionId: world.emulator.functionIds['aurora-us']!,
      rules: [{ value: { percentage: 5 }, appliesTo: { all: true } }],
    });
    // TAKEN-SEED-2 is free in Shopify but another discount of ours holds it in aurora-us.
    await world.eventStore.append(
      codeReservationStream(storeIds['aurora-us'], 'TAKEN-SEED-2'),
      [
        {
          type: 'CodeReserved',
          data: {
            storeId: 3,
            code: 'TAKEN-SEED-2',
            discountId: crypto.randomUUID(),
            brandId: 1,
            reservedAt: '2026-03-01T09:00:00.000Z',
          },
        },
      ],
      { expected: 'no_stream' },
    );
    const discount = await givenDiscount(world, {
      name: 'Taken Seed',
      seedCode: 'TAKEN-SEED',
      stores: ['aurora-uk', 'aurora-us'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
    });
    const outcomes = await settled(discount);
    expect(outcomes.get(storeIds['aurora-uk'])?.data).toMatchObject({ code: 'TAKEN-SEED' });
    expect(outcomes.get(storeIds['aurora-us'])?.data).toMatchObject({ code: 'TAKEN-SEED-3' });
    const reassigned = (await world.streamOf(discount.discountId)).filter(
      (e) => e.type === 'DiscountSeedCodeReassigned',
    );
    expect(reassigned.map((e) => e.data)).toEqual([
      expect.objectContaining({ storeId: storeIds['aurora-us'], from: 'TAKEN-SEED', to: 'TAKEN-SEED-3' }),
    ]);
    const reservation = await world.eventStore.readStream(codeReservationStream(storeIds['aurora-us'], 'TAKEN-SEED-3'));
    expect(reservation.map((e) => [e.type, e.txId])).toEqual([['CodeReserved', reassigned[0]!.txId]]);
    expect(dataOf(reservation[0]!)).toMatchObject({ discountId: discount.discountId, code: 'TAKEN-SEED-3' });
    const node = await nodeOf('aurora-us', appDiscountQuery, 'TAKEN-SEED-3');
    expect(node?.codeDiscount).toMatchObject({ title: 'Taken Seed' });
    expect((await nodeOf('aurora-us', appDiscountQuery, 'TAKEN-SEED'))?.codeDiscount).toMatchObject({
      title: 'Made in the Shopify admin',
    });
  });
});

describe('When a deployed discount is ended early', () => {
  it('should deactivate it in every store it was deployed to and record each store', async () => {
    const cap = await world.itemIn('product', 'aurora-uk', '% Cap');
    const discount = await givenDiscount(world, {
      name: 'Ends Early',
      seedCode: 'ENDS-EARLY',
      stores: ['aurora-uk', 'aurora-de', 'aurora-fr'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
    });
    await settled(discount);
    await givenEnded(world, discount.discountId);
    await eventually(async () =>
      (await world.streamOf(discount.discountId)).some((e) => e.type === 'DiscountDeactivatedInStore'),
    );
    await world.projectors?.waitForIdle();
    const ends = (await world.streamOf(discount.discountId)).filter((e) => e.type.startsWith('DiscountDeactiv'));
    // aurora-fr never had it (no Function): nothing to deactivate there, nothing recorded.
    expect(ends.map((e) => [e.type, dataOf<{ storeId: number }>(e).storeId]).sort()).toEqual([
      ['DiscountDeactivatedInStore', storeIds['aurora-uk']],
      ['DiscountDeactivatedInStore', storeIds['aurora-de']],
    ]);
    for (const slug of ['aurora-uk', 'aurora-de'] as const) {
      expect((await nodeOf(slug, appDiscountQuery, 'ENDS-EARLY'))?.codeDiscount).toMatchObject({ status: 'EXPIRED' });
    }
  });
});
