import { codeReservationStream, isSeedCodeShape } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/fixtures/eventually';
import { dataOf, givenDiscount, givenEnded, givenRetry } from '../../../test/discount-deployment/given';
import { appDiscountQuery, nodeOf, settled, three } from '../../../test/discount-deployment/shopify-reads';
import { buildWorld, storeIds, wrongFunctionId, type World } from '../../../test/discount-deployment/world';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});
afterAll(() => world.close());

describe('When one store fails with Shopify unavailable', () => {
  it('should deploy the other two, record the failure with its reason, and deploy it on a retry', async () => {
    const cap = await world.itemIn('product', 'aurora-uk', '% Cap');
    const creates = () => world.emulator.callLog.entries({ shop: 'aurora-de', rootField: 'discountCodeAppCreate' });
    const before = creates().length;
    const faultsBefore = world.emulator.callLog.entries({ shop: 'aurora-de', outcome: 'fault:server-error' }).length;
    world.emulator.faults.inject({
      kind: 'server-error',
      shop: 'aurora-de',
      operation: 'discountCodeAppCreate',
      times: 5,
    });
    const discount = await givenDiscount(world, {
      name: 'Flaky',
      seedCode: 'FLAKY',
      stores: three,
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
    });
    const outcomes = await settled(world, discount);
    expect(outcomes.get(storeIds['aurora-uk'])?.type).toBe('DiscountDeployed');
    expect(outcomes.get(storeIds['aurora-us'])?.type).toBe('DiscountDeployed');
    expect(outcomes.get(storeIds['aurora-de'])).toEqual({
      type: 'DiscountDeploymentFailed',
      data: expect.objectContaining({
        reason: expect.stringMatching(/^Shopify store aurora-de unavailable after 5 attempts: .*Bad Gateway/),
        retryable: true,
        attempt: 1,
      }),
    });
    // The adapter's five attempts, not five times five: the reactor does not retry what the adapter gave up on.
    expect(
      world.emulator.callLog.entries({ shop: 'aurora-de', outcome: 'fault:server-error' }).length - faultsBefore,
    ).toBe(5);
    expect(await nodeOf(world, 'aurora-de', appDiscountQuery, 'FLAKY')).toBeNull();

    await givenRetry(world, discount.discountId, 'aurora-de', 2);
    await eventually(async () => (await world.outcomesOf(discount.discountId)).length === 4);
    const retried = (await world.outcomesOf(discount.discountId)).at(-1)!;
    expect(retried.type).toBe('DiscountDeployed');
    expect(dataOf(retried)).toMatchObject({ storeId: storeIds['aurora-de'], attempt: 2, code: 'FLAKY' });
    expect((await nodeOf(world, 'aurora-de', appDiscountQuery, 'FLAKY'))?.id).toBe(dataOf(retried).shopifyDiscountId);
    // Attempt 2 created it once; the five refused calls never reached Shopify's resolvers.
    expect(creates().length - before).toBe(1);
  });
});

describe('When a store cannot take the discount', () => {
  it('should fail a store without an equivalent product, naming it, and call Shopify for nothing there', async () => {
    const local = await world.itemIn('product', 'aurora-uk', '% Edition %');
    const discount = await givenDiscount(world, {
      name: 'Local Only',
      seedCode: 'LOCAL-ONLY',
      stores: ['aurora-uk', 'aurora-de'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: local.id, name: local.title }, kind: 'percentage', amount: '20' }],
    });
    const outcomes = await settled(world, discount);
    expect(outcomes.get(storeIds['aurora-uk'])?.type).toBe('DiscountDeployed');
    expect(outcomes.get(storeIds['aurora-de'])).toEqual({
      type: 'DiscountDeploymentFailed',
      data: expect.objectContaining({
        reason: `Store Aurora DE has no equivalent of product "${local.title}"`,
        retryable: false,
      }),
    });
    expect(await nodeOf(world, 'aurora-de', appDiscountQuery, 'LOCAL-ONLY')).toBeNull();
  });

  it('should fail a multi discount in a store without the discount Function, saying so', async () => {
    const cap = await world.itemIn('product', 'aurora-uk', '% Cap');
    const discount = await givenDiscount(world, {
      name: 'No Function',
      seedCode: 'NO-FUNCTION',
      stores: ['aurora-fr'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '20' }],
    });
    const outcomes = await settled(world, discount);
    expect(outcomes.get(storeIds['aurora-fr'])).toEqual({
      type: 'DiscountDeploymentFailed',
      data: expect.objectContaining({
        reason: expect.stringContaining(
          "The discount Function is not deployed for store Aurora FR: deploy it with the company's Shopify app, then set AURORA_FR_SHOPIFY_FUNCTION_ID",
        ),
        retryable: false,
      }),
    });
  });
});

describe('When Shopify refuses the discount with userErrors', () => {
  it("should record Shopify's text as the reason after one call, never retried", async () => {
    const cap = await world.itemIn('product', 'aurora-it', '% Cap');
    const creates = () => world.emulator.callLog.entries({ shop: 'aurora-it', rootField: 'discountCodeAppCreate' });
    const before = creates().length;
    const discount = await givenDiscount(world, {
      name: 'Wrong Function',
      seedCode: 'WRONG-FUNCTION',
      stores: ['aurora-it'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
    });
    const outcomes = await settled(world, discount);
    expect(outcomes.get(storeIds['aurora-it'])).toEqual({
      type: 'DiscountDeploymentFailed',
      data: expect.objectContaining({ reason: `Function ${wrongFunctionId} not found.`, retryable: false }),
    });
    expect(creates().length - before).toBe(1);
  });
});

describe('When the seed code is already taken in a store outside our ledger', () => {
  it('should take a new random code free in the store and in the ledger, record it atomically, and deploy with it', async () => {
    const cap = await world.itemIn('product', 'aurora-us', '% Cap');
    const taken = world.shopify.store('aurora-us');
    if (!taken.ok) throw taken.error;
    await taken.store.createDiscount({
      kind: 'multi',
      title: 'Made in the Shopify admin',
      code: 'TAKEN-SEED',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      functionId: world.emulator.functionIds['aurora-us']!,
      rules: [{ value: { percentage: 5 }, appliesTo: { all: true } }],
    });
    // TAKEN-SEED-2 is free in Shopify but another discount of ours holds it in aurora-us.
    await world.eventStore.append(
      codeReservationStream(storeIds['aurora-us'], 'TAKEN-SEED-2'),
      [
        {
          type: 'CodeReserved',
          data: {
            storeId: 3,
            code: 'TAKEN-SEED-2',
            discountId: crypto.randomUUID(),
            brandId: 1,
            reservedAt: '2026-03-01T09:00:00.000Z',
          },
        },
      ],
      { expected: 'no_stream' },
    );
    const discount = await givenDiscount(world, {
      name: 'Taken Seed',
      seedCode: 'TAKEN-SEED',
      stores: ['aurora-uk', 'aurora-us'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
    });
    const outcomes = await settled(world, discount);
    expect(outcomes.get(storeIds['aurora-uk'])?.data).toMatchObject({ code: 'TAKEN-SEED' });
    const { code } = outcomes.get(storeIds['aurora-us'])!.data as { code: string };
    expect(isSeedCodeShape(code)).toBe(true);
    const reassigned = (await world.streamOf(discount.discountId)).filter(
      (e) => e.type === 'DiscountSeedCodeReassigned',
    );
    expect(reassigned.map((e) => e.data)).toEqual([
      expect.objectContaining({ storeId: storeIds['aurora-us'], from: 'TAKEN-SEED', to: code }),
    ]);
    const reservation = await world.eventStore.readStream(codeReservationStream(storeIds['aurora-us'], code));
    expect(reservation.map((e) => [e.type, e.txId])).toEqual([['CodeReserved', reassigned[0]!.txId]]);
    expect(dataOf(reservation[0]!)).toMatchObject({ discountId: discount.discountId, code });
    const node = await nodeOf(world, 'aurora-us', appDiscountQuery, code);
    expect(node?.codeDiscount).toMatchObject({ title: 'Taken Seed' });
    expect((await nodeOf(world, 'aurora-us', appDiscountQuery, 'TAKEN-SEED'))?.codeDiscount).toMatchObject({
      title: 'Made in the Shopify admin',
    });
  });
});

describe('When a deployed discount is ended early', () => {
  it('should deactivate it in every store it was deployed to and record each store', async () => {
    const cap = await world.itemIn('product', 'aurora-uk', '% Cap');
    const discount = await givenDiscount(world, {
      name: 'Ends Early',
      seedCode: 'ENDS-EARLY',
      stores: ['aurora-uk', 'aurora-de', 'aurora-fr'],
      discountType: 'multi',
      rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
    });
    await settled(world, discount);
    await givenEnded(world, discount.discountId);
    await eventually(async () =>
      (await world.streamOf(discount.discountId)).some((e) => e.type === 'DiscountDeactivatedInStore'),
    );
    await world.projectors?.waitForIdle();
    const ends = (await world.streamOf(discount.discountId)).filter((e) => e.type.startsWith('DiscountDeactiv'));
    // aurora-fr never had it (no Function): nothing to deactivate there, nothing recorded.
    expect(ends.map((e) => [e.type, dataOf<{ storeId: number }>(e).storeId]).sort()).toEqual([
      ['DiscountDeactivatedInStore', storeIds['aurora-uk']],
      ['DiscountDeactivatedInStore', storeIds['aurora-de']],
    ]);
    for (const slug of ['aurora-uk', 'aurora-de'] as const) {
      expect((await nodeOf(world, slug, appDiscountQuery, 'ENDS-EARLY'))?.codeDiscount).toMatchObject({
        status: 'EXPIRED',
      });
    }
  });
});
