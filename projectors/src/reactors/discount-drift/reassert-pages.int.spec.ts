import { randomUUID } from 'node:crypto';
import { codeReservationStream, discountCodesStream, driftCodesListed } from '@dm/events';
import type { ShopifyStore } from '@dm/shopify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/fixtures/eventually';
import type { GivenDiscount } from '../../../test/discount-deployment/given';
import { givenRunnerDiscount } from '../../../test/discount-deployment/given-runner-discount';
import { at, buildWorld, storeIds, type World } from '../../../test/discount-deployment/world';
import { reassertInStore } from './reassert';

let world: World;
let many: GivenDiscount;
const storeId = storeIds['aurora-uk'];
const codes = Array.from({ length: driftCodesListed + 5 }, (_, i) => `PAGE-${String(i).padStart(5, '0')}`);
const admin = { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' };

const storeOf = (): ShopifyStore => {
  const found = world.shopify.store('aurora-uk');
  if (!found.ok) throw found.error;
  return found.store;
};
const liveCodes = async () =>
  Number(
    (
      await world.db.pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM rm.discount_code_stores WHERE discount_id = $1 AND state = 'live'",
        [many.discountId],
      )
    ).rows[0]!.n,
  );
const shopifyId = async () =>
  (
    await world.db.pool.query<{ id: string }>(
      'SELECT shopify_discount_id AS id FROM rm.discount_deployments WHERE discount_id = $1 AND store_id = $2',
      [many.discountId, storeId],
    )
  ).rows[0]!.id;
const codesHeldBy = (id: string) => {
  const numeric = id.split('/').at(-1);
  const discount = [...world.emulator.shop('aurora-uk').discounts.values()].find((d) => String(d.id) === numeric);
  return discount ? [...discount.codes.iterate(null)].length : 0;
};

beforeAll(async () => {
  world = await buildWorld();
  many = await givenRunnerDiscount(world, { name: 'Many codes', seedCode: 'MANY-CODES' });
  await world.eventStore.appendMany([
    {
      streamId: discountCodesStream(many.discountId),
      expected: 'any',
      events: [
        {
          type: 'DiscountCodesAdded',
          data: {
            discountId: many.discountId,
            brandId: 1,
            codes: codes.map((code) => ({ codeId: randomUUID(), code })),
            storeIds: [storeId],
            savedLocally: false,
            influencerName: null,
            addedBy: admin,
            addedAt: at,
          },
          metadata: { brandId: 1 },
        },
      ],
    },
    ...codes.map((code) => ({
      streamId: codeReservationStream(storeId, code),
      expected: 'no_stream' as const,
      events: [
        { type: 'CodeReserved', data: { storeId, code, discountId: many.discountId, brandId: 1, reservedAt: at } },
      ],
    })),
  ]);
  await eventually(async () => (await liveCodes()) === codes.length, 120_000);
  await world.projectors?.waitForIdle();
}, 240_000);
afterAll(() => world.close());

describe('When a discount with more codes than a finding names is deleted in a store and an admin re-asserts', () => {
  it('should put back every code, not only the named ones, and count them all', async () => {
    const old = await shopifyId();
    await storeOf().deleteDiscount(old);
    const done = await reassertInStore(
      { eventStore: world.eventStore, db: world.db.pool, shopify: world.shopify, now: () => new Date() },
      {
        requestId: randomUUID(),
        discountId: many.discountId,
        storeId,
        shopifyDiscountId: old,
        differences: {
          deleted: true,
          missingCodes: ['MANY-CODES', ...codes].slice(0, driftCodesListed),
          missingCodeCount: codes.length + 1,
          unexpectedCodes: [],
          unexpectedCodeCount: 0,
          fields: [],
        },
        metadata: { brandId: 1 },
      },
    );
    expect(done).toMatchObject({ recreated: true, codesAdded: codes.length });
    expect(codesHeldBy(done.shopifyDiscountId)).toBe(codes.length + 1);
  }, 120_000);
});
