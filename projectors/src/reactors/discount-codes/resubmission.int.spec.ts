import { discountCodesStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCodes } from '../../../test/discount-codes/appends';
import { givenDiscount, type GivenDiscount } from '../../../test/discount-deployment/given';
import { settled } from '../../../test/discount-deployment/shopify-reads';
import { buildWorld, type World } from '../../../test/discount-deployment/world';
import { eventually } from '../../../test/fixtures/eventually';

// Issue 22, item 4: a chunk whose first submission went unrecorded and whose job waited longer than the lookup's
// grace period is submitted again. Shopify keeps each code once; our record must say live, not conflict.
let world: World;
let twice: GivenDiscount;

const outcomes = async () =>
  (await world.eventStore.readStream(discountCodesStream(twice.discountId)))
    .map(parseDomainEvent)
    .flatMap((e) => (e.type === 'DiscountCodesPushed' || e.type === 'DiscountCodesPushFailed' ? [e] : []));
const submissions = () =>
  world.emulator.callLog
    .entries({ shop: 'aurora-uk', rootField: 'discountRedeemCodeBulkAdd' })
    .filter((e) => e.codes.includes('TWICE-1'));

beforeAll(async () => {
  world = await buildWorld();
  const runner = await world.itemIn('product', 'aurora-uk', '% Runner');
  twice = await givenDiscount(world, {
    name: 'Twice',
    seedCode: 'TWICE',
    stores: ['aurora-uk'],
    discountType: 'multi',
    rules: [{ target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' }],
  });
  await settled(world, twice);
});
afterAll(() => world.close());

describe('When a lost chunk is submitted again while its first job still waits in Shopify', () => {
  it('should record its codes live once both jobs ran, each code held once by our discount', async () => {
    world.emulator.scheduler.pause();
    try {
      world.emulator.faults.inject({ kind: 'lose-answer', shop: 'aurora-uk', operation: 'discountRedeemCodeBulkAdd' });
      await world.eventStore.appendMany(addCodes(twice, ['TWICE-1', 'TWICE-2'], ['aurora-uk']));
      await eventually(async () => submissions().length === 2, 60_000);
    } finally {
      world.emulator.scheduler.resume();
    }
    await eventually(async () => (await outcomes()).length === 1, 60_000);
    expect(submissions().map((e) => e.outcome)).toEqual(['fault:lose-answer', expect.not.stringMatching(/fault/)]);
    const outcome = (await outcomes())[0]!;
    expect(outcome.type === 'DiscountCodesPushed' && outcome.data).toMatchObject({
      live: ['TWICE-1', 'TWICE-2'],
      refused: [],
    });
    const shop = world.emulator.shop('aurora-uk');
    const held = [...shop.discounts.values()].flatMap((d) => d.codes.explicit.map((c) => c.code));
    expect(held.filter((c) => c.startsWith('TWICE-'))).toEqual(['TWICE-1', 'TWICE-2']);
  });
});
