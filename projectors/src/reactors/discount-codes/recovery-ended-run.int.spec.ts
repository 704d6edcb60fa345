import { discountCodesStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCodes } from '../../../test/discount-codes/appends';
import type { GivenDiscount } from '../../../test/discount-deployment/given';
import { givenRunnerDiscount } from '../../../test/discount-deployment/given-runner-discount';
import { buildWorld, type World } from '../../../test/discount-deployment/world';
import { eventually } from '../../../test/fixtures/eventually';

// Decision 1450: after a restart, a chunk's run found in Shopify's list may have ended without making its codes
// (its line refused, or the run FAILED). Before: recovery threw that refusal out of `check`, the runner resumed from
// its checkpoint, met the same refusal, and the push never settled (the model test's "behind:
// reactor:discount-codes-push"). Now the codes in the store tell, as for a bulk creation Shopify no longer knows.
let world: World;
let gone: GivenDiscount;

const outcomes = async () =>
  (await world.eventStore.readStream(discountCodesStream(gone.discountId)))
    .map(parseDomainEvent)
    .flatMap((e) => (e.type === 'DiscountCodesPushed' || e.type === 'DiscountCodesPushFailed' ? [e] : []));
const runsTaken = () =>
  world.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperationRunMutation', outcome: 'ok' }).length;

beforeAll(async () => {
  world = await buildWorld();
  gone = await givenRunnerDiscount(world, { name: 'Gone mid-run', seedCode: 'GONE' });
});
afterAll(() => world.close());

describe("When a crashed chunk's run is found and had refused its line", () => {
  it('should record the chunk as failed instead of stalling the push reactor', async () => {
    const before = runsTaken();
    world.emulator.scheduler.pause();
    try {
      await world.eventStore.appendMany(addCodes(gone, ['GONE-1', 'GONE-2'], ['aurora-uk']));
      await eventually(async () => runsTaken() > before, 60_000);
      // The process stops with the chunk Started and its run held by Shopify; then the discount goes in the store.
      await world.stopProjectors();
      const shop = world.emulator.shop('aurora-uk');
      const ours = [...shop.discounts.values()].find((d) => d.codes.explicit.some((c) => c.code === 'GONE'))!;
      shop.deleteDiscount(ours.id);
      shop.changed();
    } finally {
      world.emulator.scheduler.resume();
    }
    world.restartProjectors();
    await eventually(async () => (await outcomes()).length === 1, 60_000);
    const outcome = (await outcomes())[0]!;
    expect(outcome.type).toBe('DiscountCodesPushFailed');
    const held = [...world.emulator.shop('aurora-uk').discounts.values()].flatMap((d) =>
      d.codes.explicit.map((c) => c.code),
    );
    expect(held.filter((c) => c.startsWith('GONE-'))).toEqual([]);
  }, 180_000);
});
