import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenDiscount } from '../../../test/discount-deployment/given';
import { appDiscountQuery, bxgyQuery, nodeOf, settled, three } from '../../../test/discount-deployment/shopify-reads';
import { buildWorld, storeIds, type World } from '../../../test/discount-deployment/world';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});
afterAll(() => world.close());

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
    const outcomes = await settled(world, discount);

    for (const slug of three) {
      const outcome = outcomes.get(storeIds[slug])!;
      expect(outcome.type).toBe('DiscountDeployed');
      const node = (await nodeOf(world, slug, appDiscountQuery, 'SPRING-MULTI'))!;
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
    const outcomes = await settled(world, discount);
    for (const slug of three) {
      expect(outcomes.get(storeIds[slug])?.type).toBe('DiscountDeployed');
      const node = (await nodeOf(world, slug, bxgyQuery, 'CAP-WITH-RUNNERS'))!;
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
    const outcomes = await settled(world, discount);
    // aurora-fr has no discount Function: a GWP is a native BXGY, so it deploys there all the same.
    for (const slug of ['aurora-uk', 'aurora-fr'] as const) {
      expect(outcomes.get(storeIds[slug])?.type).toBe('DiscountDeployed');
      const node = (await nodeOf(world, slug, bxgyQuery, 'CAP-OVER-100'))!;
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
