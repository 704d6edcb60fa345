import { randomUUID } from 'node:crypto';
import { codeReservationStream, discountCodesStream, discountStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/fixtures/eventually';
import { givenDiscount, type GivenDiscount } from '../../../test/discount-deployment/given';
import { settled, three } from '../../../test/discount-deployment/shopify-reads';
import { at, buildWorld, storeIds, type Slug, type World } from '../../../test/discount-deployment/world';
import { addCodes } from '../../../test/discount-codes/appends';

let world: World;
let spring: GivenDiscount;

const multi = async (name: string, seedCode: string, stores: readonly Slug[]) => {
  const runner = await world.itemIn('product', 'aurora-uk', '% Runner');
  return givenDiscount(world, {
    name,
    seedCode,
    stores,
    discountType: 'multi',
    rules: [{ target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' }],
  });
};

const outcomesOf = async (discount: GivenDiscount) =>
  (await world.eventStore.readStream(discountCodesStream(discount.discountId)))
    .map(parseDomainEvent)
    .flatMap((e) => (e.type === 'DiscountCodesPushed' || e.type === 'DiscountCodesPushFailed' ? [e] : []));
const liveIn = async (discount: GivenDiscount, slug: Slug) =>
  (await outcomesOf(discount)).flatMap((e) =>
    e.type === 'DiscountCodesPushed' && e.data.storeId === storeIds[slug] ? e.data.live : [],
  );
const bulkAdds = (slug: Slug) => world.emulator.callLog.entries({ shop: slug, rootField: 'discountRedeemCodeBulkAdd' });
const ownerIn = async (slug: Slug, code: string) => {
  const found = world.shopify.store(slug);
  if (!found.ok) throw found.error;
  return (await found.store.checkCodesExist([code])).get(code)?.discountId ?? null;
};

beforeAll(async () => {
  world = await buildWorld();
  spring = await multi('Spring codes', 'SPRING-CODES', three);
  await settled(world, spring);
});
afterAll(() => world.close());

describe('When 600 codes are added to a discount live in three stores', () => {
  it('should submit each store its chunks of at most 250 once each, and record every code live', async () => {
    const codes = Array.from({ length: 600 }, (_, i) => `BULK-${String(i).padStart(3, '0')}`);
    await world.eventStore.appendMany(addCodes(spring, codes, three));
    await eventually(async () => (await outcomesOf(spring)).length === 9, 60_000);
    for (const slug of three) {
      expect((await liveIn(spring, slug)).sort()).toEqual(codes);
      const submitted = bulkAdds(slug).filter((e) => e.codes.some((c) => c.startsWith('BULK-')));
      expect(submitted.map((e) => e.codes.length).sort()).toEqual([100, 250, 250]);
      expect(new Set(submitted.flatMap((e) => e.codes)).size).toBe(600);
    }
    const node = (await world.outcomesOf(spring.discountId)).find((e) => e.type === 'DiscountDeployed')!;
    expect(await ownerIn('aurora-de', 'bulk-599')).toBe((node.data as { shopifyDiscountId: string }).shopifyDiscountId);
  });
});

const runs = (slug: Slug) =>
  world.emulator.callLog
    .entries({ shop: slug, rootField: 'bulkOperationRunMutation' })
    .filter((e) => e.outcome !== 'error');
const listings = (slug: Slug) => world.emulator.callLog.entries({ shop: slug, rootField: 'bulkOperations' });

describe('When the projectors stop after Shopify took a chunk but before anything of it was recorded', () => {
  it("should find the chunk's bulk mutation in Shopify's list after the restart and wait for it, not submit again", async () => {
    const codes = ['HELD-1', 'HELD-2', 'HELD-3'];
    const pushedOnce = () => bulkAdds('aurora-uk').filter((e) => e.codes.includes('HELD-1'));
    const outcomesBefore = (await outcomesOf(spring)).length;
    const runsBefore = runs('aurora-uk').length;
    world.emulator.scheduler.pause();
    try {
      await world.eventStore.appendMany(addCodes(spring, codes, ['aurora-uk']));
      // Shopify holds the run (CREATED): nothing of it is in our log but its start.
      await eventually(async () => runs('aurora-uk').length === runsBefore + 1, 60_000);
      await world.stopProjectors();
      const restartedAt = world.emulator.callLog.entries().at(-1)!.seq;
      world.restartProjectors();
      // The restarted reactor lists Shopify's bulk mutations, finds its own by name and polls it while it is held.
      const polls = () => world.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperation' });
      await eventually(async () => polls().some((e) => e.seq > restartedAt), 60_000);
      expect(listings('aurora-uk').some((e) => e.seq > restartedAt)).toBe(true);
      expect(runs('aurora-uk')).toHaveLength(runsBefore + 1);
      expect(await outcomesOf(spring)).toHaveLength(outcomesBefore);
    } finally {
      world.emulator.scheduler.resume();
    }
    await eventually(async () => (await outcomesOf(spring)).length === outcomesBefore + 1, 60_000);
    expect(runs('aurora-uk')).toHaveLength(runsBefore + 1);
    expect(pushedOnce().map((e) => e.outcome)).toEqual(['ok']);
    const outcome = (await outcomesOf(spring)).at(-1)!;
    expect(outcome.type === 'DiscountCodesPushed' && outcome.data).toMatchObject({ live: codes, refused: [] });
  });
});

describe('When Shopify takes a chunk but its answer is lost on the way', () => {
  it("should find the chunk in Shopify's list of bulk mutations and record it live, not submit it again", async () => {
    const codes = ['LOST-1', 'LOST-2'];
    const before = (await outcomesOf(spring)).length;
    const runsBefore = runs('aurora-de').length;
    world.emulator.faults.inject({ kind: 'lose-answer', shop: 'aurora-de', operation: 'bulkOperationRunMutation' });
    await world.eventStore.appendMany(addCodes(spring, codes, ['aurora-de']));
    await eventually(async () => (await outcomesOf(spring)).length === before + 1, 60_000);
    expect(
      runs('aurora-de')
        .slice(runsBefore)
        .map((e) => e.outcome),
    ).toEqual(['fault:lose-answer']);
    const submitted = bulkAdds('aurora-de').filter((e) => e.codes.includes('LOST-1'));
    expect(submitted.map((e) => e.outcome)).toEqual(['ok']);
    const outcome = (await outcomesOf(spring)).at(-1)!;
    expect(outcome.type === 'DiscountCodesPushed' && outcome.data).toMatchObject({ live: codes, refused: [] });
  });
});

describe('When a code was created in one store behind our back between the check and the push', () => {
  it('should record a conflict for that store only, and the code live elsewhere', async () => {
    const outsider = await multi('Outsider', 'OUTSIDER', ['aurora-de']);
    await settled(world, outsider);
    const shop = world.emulator.shop('aurora-de');
    const theirs = [...shop.discounts.values()].find((d) => d.codes.explicit.some((c) => c.code === 'OUTSIDER'))!;
    shop.addCode(theirs, 'CLASH-1');
    const before = (await outcomesOf(spring)).length;
    await world.eventStore.appendMany(addCodes(spring, ['CLASH-1', 'CALM-1'], ['aurora-uk', 'aurora-de']));
    await eventually(async () => (await outcomesOf(spring)).length === before + 2, 60_000);
    const pushed = (await outcomesOf(spring)).slice(-2);
    const de = pushed.find((e) => e.data.storeId === storeIds['aurora-de'])!;
    const uk = pushed.find((e) => e.data.storeId === storeIds['aurora-uk'])!;
    expect(uk.type === 'DiscountCodesPushed' && uk.data).toMatchObject({ live: ['CLASH-1', 'CALM-1'], refused: [] });
    expect(de.type === 'DiscountCodesPushed' && de.data).toMatchObject({
      live: ['CALM-1'],
      refused: [{ code: 'CLASH-1', conflict: true, reason: expect.stringMatching(/unique/) }],
    });
  });
});

describe('When codes are added before the discount is deployed in a store', () => {
  it('should push them once the store is live, and not a deleted one', async () => {
    const discountId = randomUUID();
    const early: GivenDiscount = { discountId, name: 'Early', seedCode: 'EARLY', stores: ['aurora-us'], data: {} };
    const [codes, ...reservations] = addCodes(early, ['EARLY-1', 'EARLY-2'], ['aurora-us']);
    const runner = await world.itemIn('product', 'aurora-uk', '% Runner');
    // One append, as the codes would have been saved before the store answered: the deployment comes later.
    await world.eventStore.appendMany([
      {
        streamId: discountStream(discountId),
        expected: 'no_stream',
        events: [
          {
            type: 'DiscountCreated',
            data: {
              discountId,
              brandId: 1,
              name: 'Early',
              description: null,
              discountType: 'multi',
              productScope: { type: 'all', productIds: [], collectionIds: [] },
              rules: [
                { target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '5' },
              ],
              gwp: null,
              startsAt: at,
              endsAt: null,
              combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
              storeIds: [storeIds['aurora-us']],
              seedCode: 'EARLY',
              createdBy: { userId: 'a', name: 'Ada', email: null },
              createdAt: at,
            },
            metadata: { brandId: 1 },
          },
          {
            type: 'DiscountDeploymentRequested',
            data: { discountId, storeId: storeIds['aurora-us'], attempt: 1, requestedAt: at },
            metadata: { brandId: 1 },
          },
        ],
      },
      {
        ...codes!,
        events: [
          ...codes!.events,
          {
            type: 'DiscountCodeDeleted',
            data: {
              discountId,
              brandId: 1,
              codeId: (codes!.events[0]!.data as { codes: { codeId: string }[] }).codes[1]!.codeId,
              code: 'EARLY-2',
              storeIds: [storeIds['aurora-us']],
              deletedBy: { userId: 'm', name: 'Max', email: null },
              deletedAt: at,
            },
          },
        ],
      },
      ...reservations,
    ]);
    await eventually(async () => (await outcomesOf(early)).length === 1, 60_000);
    expect(await liveIn(early, 'aurora-us')).toEqual(['EARLY-1']);
    expect(await ownerIn('aurora-us', 'EARLY-2')).toBeNull();
  });
});

describe('When a code is deleted', () => {
  it('should remove it from every store in Shopify, then free its reservation there', async () => {
    const added = (await world.eventStore.readStream(discountCodesStream(spring.discountId)))
      .map(parseDomainEvent)
      .find((e) => e.type === 'DiscountCodesAdded');
    if (added?.type !== 'DiscountCodesAdded') throw new Error('no codes');
    const { codeId, code } = added.data.codes[0]!;
    expect(await ownerIn('aurora-uk', code)).not.toBeNull();
    await world.eventStore.append(
      discountCodesStream(spring.discountId),
      [
        {
          type: 'DiscountCodeDeleted',
          data: {
            discountId: spring.discountId,
            brandId: 1,
            codeId,
            code,
            storeIds: three.map((s) => storeIds[s]),
            deletedBy: { userId: 'max@demo.test', name: 'Max', email: 'max@demo.test' },
            deletedAt: at,
          },
        },
      ],
      { expected: 'any' },
    );
    const removed = async () =>
      (await world.eventStore.readStream(discountCodesStream(spring.discountId))).filter(
        (e) => e.type === 'DiscountCodeRemovedFromStore',
      );
    await eventually(async () => (await removed()).length === 3, 60_000);
    for (const slug of three) {
      expect(await ownerIn(slug, code)).toBeNull();
      const ledger = (await world.eventStore.readStream(codeReservationStream(storeIds[slug], code))).map(
        parseDomainEvent,
      );
      expect(ledger.map((e) => e.type)).toEqual(['CodeReserved', 'CodeReleased']);
    }
  });
});
