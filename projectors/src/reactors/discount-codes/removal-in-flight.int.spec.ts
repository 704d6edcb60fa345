import { codeReservationStream, discountCodesStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCodes } from '../../../test/discount-codes/appends';
import type { GivenDiscount } from '../../../test/discount-deployment/given';
import { givenRunnerDiscount } from '../../../test/discount-deployment/given-runner-discount';
import { at, buildWorld, storeIds, type World } from '../../../test/discount-deployment/world';
import { eventually } from '../../../test/fixtures/eventually';

// Issue 22, item 2: a code deleted while Shopify's bulk job holding it has not run yet must end up absent from the
// store, its reservation freed only then.
let world: World;
let flying: GivenDiscount;
const uk = storeIds['aurora-uk'];

const codeEvents = async () =>
  (await world.eventStore.readStream(discountCodesStream(flying.discountId))).map(parseDomainEvent);
const ownerIn = async (code: string) => {
  const found = world.shopify.store('aurora-uk');
  if (!found.ok) throw found.error;
  return (await found.store.checkCodesExist([code])).get(code)?.discountId ?? null;
};

beforeAll(async () => {
  world = await buildWorld();
  flying = await givenRunnerDiscount(world, { name: 'In flight', seedCode: 'IN-FLIGHT' });
});
afterAll(() => world.close());

describe('When a code is deleted while the bulk job that creates it waits in Shopify', () => {
  it('should wait for the push, then remove the code from the store and only then free it', async () => {
    world.emulator.scheduler.pause();
    try {
      const [codes, ...reservations] = addCodes(flying, ['FLY-1', 'FLY-2'], ['aurora-uk']);
      await world.eventStore.appendMany([codes!, ...reservations]);
      // Shopify took the chunk's bulk mutation and holds it: the job that creates the codes has not run.
      const taken = () =>
        world.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperationRunMutation', outcome: 'ok' });
      await eventually(async () => taken().length > 0, 60_000);
      const { codeId } = (codes!.events[0]!.data as { codes: { codeId: string; code: string }[] }).codes[0]!;
      await world.eventStore.append(
        discountCodesStream(flying.discountId),
        [
          {
            type: 'DiscountCodeDeleted',
            data: {
              discountId: flying.discountId,
              brandId: 1,
              codeId,
              code: 'FLY-1',
              storeIds: [uk],
              deletedBy: { userId: 'max@demo.test', name: 'Max', email: 'max@demo.test' },
              deletedAt: at,
            },
          },
        ],
        { expected: 'any' },
      );
      // The removal either finishes at once (looking up a code the held job has not created) or holds.
      await eventually(
        async () =>
          (await codeEvents()).some(
            (e) => e.type === 'DiscountCodeRemovedFromStore' || e.type === 'DiscountCodeRemovalHeld',
          ),
        60_000,
      );
    } finally {
      world.emulator.scheduler.resume();
    }
    await eventually(async () => (await codeEvents()).some((e) => e.type === 'DiscountCodeRemovedFromStore'), 60_000);
    await eventually(async () => (await codeEvents()).some((e) => e.type === 'DiscountCodesPushed'), 60_000);
    expect(await ownerIn('FLY-1')).toBeNull();
    expect(await ownerIn('FLY-2')).not.toBeNull();
    const ledger = (await world.eventStore.readStream(codeReservationStream(uk, 'FLY-1'))).map(parseDomainEvent);
    expect(ledger.map((e) => e.type)).toEqual(['CodeReserved', 'CodeReleased']);
    const types = (await codeEvents()).map((e) => e.type);
    expect(types.indexOf('DiscountCodesPushed')).toBeLessThan(types.indexOf('DiscountCodeRemovedFromStore'));
  });
});
