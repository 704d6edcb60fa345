import type { RecordedEvent } from '@dm/event-store';
import { discountCodesStream } from '@dm/events';
import { createShopifyAdapter } from '@dm/shopify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCodes } from '../../../test/discount-codes/appends';
import type { GivenDiscount } from '../../../test/discount-deployment/given';
import { givenRunnerDiscount } from '../../../test/discount-deployment/given-runner-discount';
import { buildWorld, fastPolicy, storeConfigs, type World } from '../../../test/discount-deployment/world';
import type { Effect } from '../../define-reactor';
import { performEffect } from '../../perform-effect';
import type { PushChunk } from './plan';
import { discountCodesPushReactor } from './reactor';

// Decision 1544, found by the topology test beside another test file: a store's work moves between live workers
// (a consumer group's rebalance). A worker that had listed Shopify's runs of a store kept that listing for every
// later recovery of the store, as if no other process could have sent anything since it started; a run another
// worker sent after that listing was missed, and the chunk went out a second time.
let world: World;
let summer: GivenDiscount;

beforeAll(async () => {
  world = await buildWorld();
  summer = await givenRunnerDiscount(world, { name: 'Moved between workers', seedCode: 'MOVED' });
  await world.stopProjectors();
}, 120_000);
afterAll(() => world.close());

/** A worker of its own: its own adapter, so its own listings of Shopify's runs. */
const worker = () =>
  discountCodesPushReactor({
    shopify: createShopifyAdapter({
      stores: storeConfigs(world.emulator),
      emulatorUrl: world.emulator.url,
      policy: fastPolicy,
    }),
    eventStore: world.eventStore,
    db: world.db.pool,
  });
type Worker = ReturnType<typeof worker>;

/**
 * The chunk's events as a worker finds them when it takes over from one that died right after sending its run:
 * Started and the run it was noted in, nothing after.
 */
const beforeItsOutcome = async (effect: Effect<PushChunk>) =>
  (await world.eventStore.readStream(effect.streamId)).filter(
    (e) =>
      e.metadata.commandId === effect.key &&
      (e.type === 'DiscountCodesPushStarted' || e.type === 'DiscountCodesPushBatched'),
  );
const pushOf = async (by: Worker, codes: string[]) => {
  await world.eventStore.appendMany(addCodes(summer, codes, ['aurora-uk']));
  const added = (await world.eventStore.readStream(discountCodesStream(summer.discountId))).at(-1)!;
  const [effect] = await by.effectsOf(added);
  return { effect: effect!, added };
};
const perform = (by: Worker, effect: Effect<PushChunk>, trigger: RecordedEvent) =>
  performEffect(by, effect, trigger, {
    eventStore: world.eventStore,
    logger: pino({ level: 'silent' }),
    backoff: () => 1,
    signal: new AbortController().signal,
  });
const runsSent = () =>
  world.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperationRunMutation', outcome: 'ok' }).length;

describe('When a store’s work comes back to a worker after another worker pushed some of it', () => {
  it('should find the run the other worker sent, and not send its chunk again', async () => {
    const [b, a] = [worker(), worker()];
    // B holds the store first: it pushes a chunk, and a recovery of it lists the store's runs.
    const first = await pushOf(b, ['MOVED-1']);
    expect(await perform(b, first.effect, first.added)).toBe('performed');
    const heldFirst = Date.now();
    const found = await b.check!(
      first.effect,
      await beforeItsOutcome(first.effect),
      new AbortController().signal,
      heldFirst,
    );
    expect(found.applied).toBe(true);

    // The store moves to A, which sends the next chunk's run; then it moves back to B before A records the outcome.
    const second = await pushOf(a, ['MOVED-2']);
    expect(await perform(a, second.effect, second.added)).toBe('performed');
    const sent = runsSent();
    const heldAgain = Date.now();
    const recovered = await b.check!(
      second.effect,
      await beforeItsOutcome(second.effect),
      new AbortController().signal,
      heldAgain,
    );
    expect(recovered).toEqual({ applied: true, result: { live: ['MOVED-2'], refused: [] } });
    expect(runsSent()).toBe(sent);
  }, 120_000);
});
