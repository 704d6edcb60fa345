import { givenDiscount, type GivenDiscount } from './given';
import { settled } from './shopify-reads';
import type { Slug, World } from './world';

/**
 * One live discount to push codes to: a multi of 15 % on the "% Runner" product, deployed to one store (aurora-uk
 * unless said) and settled there. The given of the push and drift tests about a single discount.
 */
export const givenRunnerDiscount = async (
  world: World,
  { name, seedCode, store = 'aurora-uk' }: { name: string; seedCode: string; store?: Slug },
): Promise<GivenDiscount> => {
  const runner = await world.itemIn('product', 'aurora-uk', '% Runner');
  const discount = await givenDiscount(world, {
    name,
    seedCode,
    stores: [store],
    discountType: 'multi',
    rules: [{ target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' }],
  });
  await settled(world, discount);
  return discount;
};
