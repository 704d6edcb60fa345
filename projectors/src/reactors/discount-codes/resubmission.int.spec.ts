import { discountCodesStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCodes } from '../../../test/discount-codes/appends';
import type { GivenDiscount } from '../../../test/discount-deployment/given';
import { givenRunnerDiscount } from '../../../test/discount-deployment/given-runner-discount';
import { buildWorld, type World } from '../../../test/discount-deployment/world';
import { eventually } from '../../../test/fixtures/eventually';

// Issue 22, item 4: a chunk whose submission got no answer, while Shopify holds its job for as long as it likes,
// must be waited on, never submitted again (before: looked up after a fixed grace period, then sent a second time).
let world: World;
let twice: GivenDiscount;

const outcomes = async () =>
  (await world.eventStore.readStream(discountCodesStream(twice.discountId)))
    .map(parseDomainEvent)
    .flatMap((e) => (e.type === 'DiscountCodesPushed' || e.type === 'DiscountCodesPushFailed' ? [e] : []));
/** Bulk adds Shopify applied or took without answering: HTTP calls, or lines of a bulk mutation it ran. */
const submissions = () =>
  world.emulator.callLog
    .entries({ shop: 'aurora-uk', rootField: 'discountRedeemCodeBulkAdd' })
    .filter((e) => e.codes.includes('TWICE-1') && e.outcome !== 'error');
const waitsOnTheRun = () =>
  world.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperation' }).length > 0 &&
  world.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperations' }).length > 0;

beforeAll(async () => {
  world = await buildWorld();
  twice = await givenRunnerDiscount(world, { name: 'Twice', seedCode: 'TWICE' });
});
afterAll(() => world.close());

describe("When a chunk's submission gets no answer while Shopify holds its job", () => {
  it('should wait on that job however long it is held, and submit the chunk once', async () => {
    world.emulator.scheduler.pause();
    try {
      // `mutation CodesBulk`: the submission, whether it goes as a bulk add or as a bulk mutation run.
      world.emulator.faults.inject({ kind: 'lose-answer', shop: 'aurora-uk', operation: 'mutation CodesBulk' });
      await world.eventStore.appendMany(addCodes(twice, ['TWICE-1', 'TWICE-2'], ['aurora-uk']));
      // Either the reactor sent the chunk a second time, or it found the first run and waits on it.
      await eventually(async () => submissions().length >= 2 || waitsOnTheRun(), 60_000);
    } finally {
      world.emulator.scheduler.resume();
    }
    await eventually(async () => (await outcomes()).length === 1, 60_000);
    expect(submissions()).toHaveLength(1);
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
