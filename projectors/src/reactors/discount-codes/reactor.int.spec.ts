import { randomUUID } from 'node:crypto';
import type { StreamAppend } from '@dm/event-store';
import { codeReservationStream, discountCodesStream, discountStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/fixtures/eventually';
import { givenDiscount, type GivenDiscount } from '../../../test/discount-deployment/given';
import { settled, three } from '../../../test/discount-deployment/shopify-reads';
import {
  at,
  buildWorld,
  startDeploymentProjectors,
  storeIds,
  type Slug,
  type World,
} from '../../../test/discount-deployment/world';
import { deterministicId } from '../../deterministic-id';

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

/** What the write side appends when codes are added: the codes, and each reserved in each store, at once. */
const addCodes = (discount: GivenDiscount, codes: readonly string[], stores: readonly Slug[]): StreamAppend[] => [
  {
    streamId: discountCodesStream(discount.discountId),
    expected: 'any',
    events: [
      {
        type: 'DiscountCodesAdded',
        data: {
          discountId: discount.discountId,
          brandId: 1,
          codes: codes.map((code) => ({ codeId: randomUUID(), code })),
          storeIds: stores.map((s) => storeIds[s]),
          savedLocally: false,
          influencerName: null,
          addedBy: { userId: 'uma@demo.test', name: 'Uma', email: 'uma@demo.test' },
          addedAt: at,
        },
        metadata: { brandId: 1 },
      },
    ],
  },
  ...stores.flatMap((s) =>
    codes.map((code) => ({
      streamId: codeReservationStream(storeIds[s], code),
      expected: 'no_stream' as const,
      events: [
        {
          type: 'CodeReserved',
          data: { storeId: storeIds[s], code, discountId: discount.discountId, brandId: 1, reservedAt: at },
        },
      ],
    })),
  ),
];

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

describe('When a code was created in one store behind our back between the check and the push', () => {
  it('should record a conflict for that store only, and the code live elsewhere', async () => {
    const outsider = await multi('Outsider', 'OUTSIDER', ['aurora-de']);
    await settled(world, outsider);
    const shop = world.emulator.shop('aurora-de');
    const theirs = [...shop.discounts.values()].find((d) => d.codes.explicit.some((c) => c.code === 'OUTSIDER'))!;
    shop.addCode(theirs, 'CLASH-1');
    await world.eventStore.appendMany(addCodes(spring, ['CLASH-1', 'CALM-1'], ['aurora-uk', 'aurora-de']));
    await eventually(async () => (await outcomesOf(spring)).length === 11, 60_000);
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

const shopifyIdOf = async (discount: GivenDiscount, slug: Slug) => {
  const deployed = (await world.outcomesOf(discount.discountId))
    .map(parseDomainEvent)
    .find((e) => e.type === 'DiscountDeployed' && e.data.storeId === storeIds[slug]);
  if (deployed?.type !== 'DiscountDeployed') throw new Error(`not deployed in ${slug}`);
  return deployed.data.shopifyDiscountId;
};

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

describe('When 3,000 codes go to three stores under throttling and a 5xx, and the projectors stop mid-run', () => {
  it('should submit each (store, chunk) exactly once and get every code live', async () => {
    const codes = Array.from({ length: 3000 }, (_, i) => `THR-${String(i).padStart(4, '0')}`);
    for (const slug of three) {
      world.emulator.faults.inject({ kind: 'throttle', shop: slug, operation: 'CodesBulkAdd', times: 3, after: 2 });
      world.emulator.faults.inject({ kind: 'server-error', shop: slug, operation: 'CodesBulkAdd', after: 5 });
    }
    await world.stopProjectors();
    let projectors = startDeploymentProjectors(world.db, world.eventStore, world.shopify);
    try {
      await world.eventStore.appendMany(addCodes(spring, codes, three));
      const thrOutcomes = async () =>
        (await outcomesOf(spring)).filter(
          (e) => e.type === 'DiscountCodesPushed' && e.data.live.some((c) => c.startsWith('THR-')),
        ).length;
      await eventually(async () => (await thrOutcomes()) >= 2, 60_000);
      await projectors.stop();
      projectors = startDeploymentProjectors(world.db, world.eventStore, world.shopify);
      await eventually(async () => (await thrOutcomes()) === 36, 120_000);
    } finally {
      await projectors.stop();
      world.emulator.faults.clear();
    }
    for (const slug of three) {
      expect((await liveIn(spring, slug)).filter((c) => c.startsWith('THR-')).sort()).toEqual(codes);
      const accepted = bulkAdds(slug).filter((e) => e.outcome === 'ok' && e.codes.some((c) => c.startsWith('THR-')));
      expect(accepted).toHaveLength(12);
      expect(new Set(accepted.flatMap((e) => e.codes)).size).toBe(3000);
    }
    // The 5xx fault answers before the request is parsed: it is logged without its root field.
    const faulted = three.flatMap((slug) =>
      world.emulator.callLog.entries({ shop: slug, outcome: 'fault:server-error' }),
    );
    expect(faulted).toHaveLength(3);
  });
});

describe('When the projectors die after Shopify took a chunk but before its outcome was recorded', () => {
  it('should find the chunk applied on restart and record it, never submitting it again', async () => {
    await world.stopProjectors();
    await world.eventStore.appendMany(addCodes(spring, ['CRASH-1', 'CRASH-2'], ['aurora-uk']));
    const added = (await world.eventStore.readStream(discountCodesStream(spring.discountId))).at(-1)!;
    // What the dead process had done: Started recorded, the bulk add applied in Shopify, no outcome.
    const chunkKey = `${added.eventId}:${storeIds['aurora-uk']}:0`;
    const key = `codes-push:${spring.discountId}:${chunkKey}`;
    await world.eventStore.append(
      discountCodesStream(spring.discountId),
      [
        {
          eventId: deterministicId(`discount-codes-push|${key}|started`),
          type: 'DiscountCodesPushStarted',
          data: {
            discountId: spring.discountId,
            storeId: storeIds['aurora-uk'],
            chunkKey,
            codes: ['CRASH-1', 'CRASH-2'],
            startedAt: at,
          },
        },
      ],
      { expected: 'any' },
    );
    const uk = world.shopify.store('aurora-uk');
    if (!uk.ok) throw uk.error;
    await uk.store.addCodes(await shopifyIdOf(spring, 'aurora-uk'), ['CRASH-1', 'CRASH-2']);

    const restarted = startDeploymentProjectors(world.db, world.eventStore, world.shopify);
    try {
      await eventually(async () => (await liveIn(spring, 'aurora-uk')).includes('CRASH-1'), 60_000);
      await restarted.waitForIdle();
    } finally {
      await restarted.stop();
    }
    const submitted = bulkAdds('aurora-uk').filter((e) => e.codes.includes('CRASH-1'));
    expect(submitted).toHaveLength(1);
    const outcomes = (await outcomesOf(spring)).filter((e) => e.data.chunkKey === chunkKey);
    expect(outcomes).toEqual([
      expect.objectContaining({
        type: 'DiscountCodesPushed',
        data: expect.objectContaining({ live: ['CRASH-1', 'CRASH-2'], refused: [] }),
      }),
    ]);
  });
});
