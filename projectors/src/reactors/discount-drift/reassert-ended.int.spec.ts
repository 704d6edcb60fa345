import { randomUUID } from 'node:crypto';
import type { DriftDifferences } from '@dm/events';
import type { ShopifyStore } from '@dm/shopify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/fixtures/eventually';
import { givenDiscount, givenEnded, type GivenDiscount } from '../../../test/discount-deployment/given';
import { settled } from '../../../test/discount-deployment/shopify-reads';
import { buildWorld, storeIds, type Slug, type World } from '../../../test/discount-deployment/world';
import { reassertInStore } from './reassert';

let world: World;
let ended: GivenDiscount;
const stores: Slug[] = ['aurora-uk', 'aurora-de'];

const storeOf = (slug: Slug): ShopifyStore => {
  const found = world.shopify.store(slug);
  if (!found.ok) throw found.error;
  return found.store;
};
const deploymentOf = async (slug: Slug) =>
  (
    await world.db.pool.query<{ status: string; shopify_discount_id: string; code: string }>(
      'SELECT status, shopify_discount_id, code FROM rm.discount_deployments WHERE discount_id = $1 AND store_id = $2',
      [ended.discountId, storeIds[slug]],
    )
  ).rows[0]!;
/** What the store holds under the code: Shopify's status and title of its discount, or null. */
const heldUnder = async (slug: Slug, code: string) => {
  const found = await world.gql<{
    codeDiscountNodeByCode: { codeDiscount: { status: string; title: string } } | null;
  }>(
    slug,
    `query ($code: String!) { codeDiscountNodeByCode(code: $code) { codeDiscount {
       ... on DiscountCodeApp { status title } } } }`,
    { code },
  );
  return found.codeDiscountNodeByCode?.codeDiscount ?? null;
};
const none: DriftDifferences = {
  deleted: false,
  missingCodes: [],
  missingCodeCount: 0,
  unexpectedCodes: [],
  unexpectedCodeCount: 0,
  fields: [],
};
const reassert = async (slug: Slug, differences: DriftDifferences) => {
  const deployment = await deploymentOf(slug);
  return reassertInStore(
    { eventStore: world.eventStore, db: world.db.pool, shopify: world.shopify, now: () => new Date() },
    {
      requestId: randomUUID(),
      discountId: ended.discountId,
      storeId: storeIds[slug],
      shopifyDiscountId: deployment.shopify_discount_id,
      differences,
      metadata: { brandId: 1 },
    },
  );
};

beforeAll(async () => {
  world = await buildWorld();
  const runner = await world.itemIn('product', 'aurora-uk', '% Runner');
  ended = await givenDiscount(world, {
    name: 'Ended early',
    seedCode: 'ENDED-EARLY',
    stores,
    discountType: 'multi',
    endsAt: '2031-01-01T00:00:00.000Z',
    rules: [{ target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' }],
  });
  await settled(world, ended);
  await givenEnded(world, ended.discountId);
  await eventually(
    async () =>
      (await world.streamOf(ended.discountId)).filter((e) => e.type === 'DiscountDeactivatedInStore').length === 2,
  );
  await world.projectors?.waitForIdle();
}, 120_000);
afterAll(() => world.close());

describe('When the title of an ended discount is changed in a store and an admin re-asserts', () => {
  it('should put the title back and leave it expired', async () => {
    const { shopify_discount_id: id } = await deploymentOf('aurora-uk');
    await storeOf('aurora-uk').updateDiscountTitle(id, 'multi', 'Renamed in Shopify');
    const done = await reassert('aurora-uk', {
      ...none,
      fields: [{ field: 'title', ours: 'Ended early', shopify: 'Renamed in Shopify' }],
    });
    expect(done).toMatchObject({ recreated: false, fieldsRestored: ['title'] });
    expect(await heldUnder('aurora-uk', 'ENDED-EARLY')).toEqual({ status: 'EXPIRED', title: 'Ended early' });
  });
});

describe('When an ended discount is deleted in a store and an admin re-asserts', () => {
  it('should create nothing: the store holds no discount under its code, and the deployment stays ended', async () => {
    const before = (await world.streamOf(ended.discountId)).length;
    await storeOf('aurora-de').deleteDiscount((await deploymentOf('aurora-de')).shopify_discount_id);
    const done = await reassert('aurora-de', {
      ...none,
      deleted: true,
      missingCodes: ['ENDED-EARLY'],
      missingCodeCount: 1,
    });
    expect(done).toMatchObject({ recreated: false, codesAdded: 0 });
    expect(await heldUnder('aurora-de', 'ENDED-EARLY')).toBeNull();
    await world.projectors?.waitForIdle();
    expect((await world.streamOf(ended.discountId)).length).toBe(before);
    expect((await deploymentOf('aurora-de')).status).toBe('ended');
  });
});
