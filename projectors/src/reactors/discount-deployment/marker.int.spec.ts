import { ownerMarker } from '@dm/shopify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenDiscount } from '../../../test/discount-deployment/given';
import { settled } from '../../../test/discount-deployment/shopify-reads';
import { buildWorld, storeIds, type Slug, type World } from '../../../test/discount-deployment/world';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 120_000);
afterAll(() => world.close());

const creates = (slug: Slug) =>
  world.emulator.callLog.entries({ shop: slug, rootField: 'discountCodeAppCreate' }).length;
/** The store's discounts with this title, and the marker each carries. */
const heldIn = (slug: Slug, title: string) =>
  [...world.emulator.shop(slug).discounts.values()]
    .filter((d) => d.title === title)
    .map((d) => ({
      id: `gid://shopify/DiscountCodeNode/${d.id}`,
      marker:
        d.metafields.find((m) => m.namespace === ownerMarker.namespace && m.key === ownerMarker.key)?.value ?? null,
    }));
const ruleOn = async (slug: Slug) => {
  const runner = await world.itemIn('product', slug, '% Runner');
  return [{ target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '10' }];
};

describe("When Shopify applies a discount's creation but its answer is lost", () => {
  it('should send the create once, find the discount by our marker, and record it as the deployment', async () => {
    world.emulator.faults.inject({ kind: 'lose-answer', shop: 'aurora-uk', operation: 'discountCodeAppCreate' });
    const before = creates('aurora-uk');
    const discount = await givenDiscount(world, {
      name: 'Lost answer',
      seedCode: 'LOST-ANSWER',
      stores: ['aurora-uk'],
      discountType: 'multi',
      rules: await ruleOn('aurora-uk'),
    });
    const outcome = (await settled(world, discount)).get(storeIds['aurora-uk']);
    expect(creates('aurora-uk') - before).toBe(1);
    const held = heldIn('aurora-uk', 'Lost answer');
    expect(held).toEqual([{ id: expect.any(String) as string, marker: discount.discountId }]);
    expect(outcome).toMatchObject({
      type: 'DiscountDeployed',
      data: { shopifyDiscountId: held[0]!.id, code: 'LOST-ANSWER', attempt: 1 },
    });
  });
});

describe('When someone made a discount with our title, kind and seed code in a store', () => {
  it('should not take it for ours: it deploys its own discount, marked, under the next free code', async () => {
    const shopify = world.shopify.store('aurora-de');
    if (!shopify.ok) throw shopify.error;
    const { id: theirs } = await shopify.store.createDiscount({
      kind: 'multi',
      title: 'Lookalike',
      code: 'LOOKALIKE',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      functionId: world.emulator.functionIds['aurora-de']!,
      rules: [{ value: { percentage: 50 }, appliesTo: { all: true } }],
    });
    const discount = await givenDiscount(world, {
      name: 'Lookalike',
      seedCode: 'LOOKALIKE',
      stores: ['aurora-de'],
      discountType: 'multi',
      rules: await ruleOn('aurora-de'),
    });
    const outcome = (await settled(world, discount)).get(storeIds['aurora-de']);
    expect(outcome?.type).toBe('DiscountDeployed');
    const deployed = outcome!.data as { shopifyDiscountId: string; code: string };
    expect(deployed.shopifyDiscountId).not.toBe(theirs);
    expect(deployed.code).not.toBe('LOOKALIKE');
    expect(heldIn('aurora-de', 'Lookalike')).toEqual(
      expect.arrayContaining([
        { id: theirs, marker: null },
        { id: deployed.shopifyDiscountId, marker: discount.discountId },
      ]),
    );
  });
});
