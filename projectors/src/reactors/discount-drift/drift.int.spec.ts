import { randomUUID } from 'node:crypto';
import {
  codeReservationStream,
  codeSyncStream,
  discountCodesStream,
  discountDriftStream,
  parseDomainEvent,
  type DiscountDriftEvent,
  type DriftDifferences,
} from '@dm/events';
import type { ShopifyStore } from '@dm/shopify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/fixtures/eventually';
import { givenDiscount, type GivenDiscount } from '../../../test/discount-deployment/given';
import { settled } from '../../../test/discount-deployment/shopify-reads';
import { at, buildWorld, storeIds, type Slug, type World } from '../../../test/discount-deployment/world';

let world: World;
let watched: GivenDiscount;
const stores: Slug[] = ['aurora-uk', 'aurora-de'];
const admin = { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' };

const storeOf = (slug: Slug): ShopifyStore => {
  const found = world.shopify.store(slug);
  if (!found.ok) throw found.error;
  return found.store;
};

/** What the write side appends when codes are added: the codes, and each reserved in each store. */
const addCodes = (discount: GivenDiscount, codes: readonly string[]) =>
  world.eventStore.appendMany([
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
            addedBy: admin,
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
  ]);

/** Asks for a sync of the store as the write side would, and waits for its outcome. */
const sync = async (slug: Slug, kind: 'full' | 'incremental') => {
  const syncId = randomUUID();
  const storeId = storeIds[slug];
  await world.eventStore.append(
    codeSyncStream(storeId),
    [
      {
        type: 'CodeSyncRequested',
        data: {
          syncId,
          storeId,
          brandId: 1,
          storeSlug: slug,
          kind,
          updatedSince: kind === 'incremental' ? new Date(Date.now() - 10 * 60_000).toISOString() : null,
          requestedAt: new Date().toISOString(),
        },
        metadata: { brandId: 1 },
      },
    ],
    { expected: 'any' },
  );
  const outcome = async () =>
    (await world.eventStore.readStream(codeSyncStream(storeId))).find(
      (e) =>
        (e.type === 'CodeSyncCompleted' || e.type === 'CodeSyncFailed') &&
        (e.data as { syncId: string }).syncId === syncId,
    );
  await eventually(async () => (await outcome()) !== undefined, 60_000);
  expect((await outcome())?.data).not.toHaveProperty('reason');
  await world.projectors?.waitForIdle();
};

const driftOf = async (slug: Slug, discount = watched): Promise<DiscountDriftEvent[]> =>
  (await world.eventStore.readStream(discountDriftStream(discount.discountId, storeIds[slug]))).map(
    (e) => parseDomainEvent(e) as DiscountDriftEvent,
  );
const lastFinding = async (slug: Slug): Promise<DriftDifferences> => {
  const found = (await driftOf(slug)).filter((e) => e.type === 'DiscountDriftDetected').at(-1);
  if (found?.type !== 'DiscountDriftDetected') throw new Error(`no drift recorded in ${slug}`);
  return found.data.differences;
};
const rowOf = async (slug: Slug) =>
  (
    await world.db.pool.query<{ state: string; reassert_state: string | null; accepted_fields: object }>(
      'SELECT state, reassert_state, accepted_fields FROM rm.discount_drift WHERE discount_id = $1 AND store_id = $2',
      [watched.discountId, storeIds[slug]],
    )
  ).rows[0];

const shopifyIdIn = async (slug: Slug) => {
  const deployed = (await world.outcomesOf(watched.discountId))
    .map((e) => e.data as { storeId: number; shopifyDiscountId: string })
    .filter((d) => d.storeId === storeIds[slug]);
  return deployed.at(-1)!.shopifyDiscountId;
};
/** What the emulated shop holds of our discount: its end, title and codes. */
const heldIn = (slug: Slug, shopifyId: string) => {
  const numeric = shopifyId.split('/').at(-1);
  const discount = [...world.emulator.shop(slug).discounts.values()].find((d) => String(d.id) === numeric);
  if (!discount) return null;
  return {
    title: discount.title,
    endsAt: discount.endsAt,
    codes: [...discount.codes.iterate(null)].map((c) => c.code).sort(),
  };
};
const editBehindOurBack = (slug: Slug, id: string, input: Record<string, unknown>) =>
  storeOf(slug).client.request(
    `mutation ($id: ID!, $input: DiscountCodeAppInput!) { discountCodeAppUpdate(id: $id, codeAppDiscount: $input) {
       userErrors { message } } }`,
    { id, input },
    { operation: 'discountCodeAppUpdate', estimate: 10 },
  );

beforeAll(async () => {
  world = await buildWorld();
  const runner = await world.itemIn('product', 'aurora-uk', '% Runner');
  watched = await givenDiscount(world, {
    name: 'Drift watch',
    seedCode: 'DRIFT-WATCH',
    stores,
    discountType: 'multi',
    rules: [{ target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' }],
  });
  await settled(world, watched);
  await addCodes(watched, ['DRIFT-A', 'DRIFT-B']);
  await eventually(
    async () =>
      (await world.eventStore.readStream(discountCodesStream(watched.discountId))).filter(
        (e) => e.type === 'DiscountCodesPushed',
      ).length === 2,
  );
  await world.projectors?.waitForIdle();
  for (const slug of stores) await sync(slug, 'full');
}, 120_000);
afterAll(() => world.close());

describe('When a store holds our discount exactly as our log says', () => {
  it('should record no drift after a full sync', async () => {
    for (const slug of stores) expect(await driftOf(slug)).toEqual([]);
  });
});

describe('When a code is deleted and the end date changed in one store behind our back', () => {
  const newEnd = '2031-01-01T00:00:00Z';

  it('should report both after an incremental sync, on that store only', async () => {
    const id = await shopifyIdIn('aurora-uk');
    const store = storeOf('aurora-uk');
    const ids = await store.findCodeIds(id, ['DRIFT-A']);
    await store.deleteCodes(id, [...ids.values()]);
    await editBehindOurBack('aurora-uk', id, { endsAt: newEnd });
    for (const slug of stores) await sync(slug, 'incremental');

    expect(await lastFinding('aurora-uk')).toEqual({
      deleted: false,
      missingCodes: ['DRIFT-A'],
      missingCodeCount: 1,
      unexpectedCodes: [],
      unexpectedCodeCount: 0,
      fields: [{ field: 'endsAt', ours: null, shopify: '2031-01-01T00:00:00.000Z' }],
    });
    expect(await driftOf('aurora-de')).toEqual([]);
    expect(await rowOf('aurora-uk')).toMatchObject({ state: 'drifted', reassert_state: null });
  });

  it('should record the same finding once however many syncs see it', async () => {
    await sync('aurora-uk', 'incremental');
    expect((await driftOf('aurora-uk')).filter((e) => e.type === 'DiscountDriftDetected')).toHaveLength(1);
  });

  it('should restore both in the store on re-assert, and the next sync reports no drift', async () => {
    const id = await shopifyIdIn('aurora-uk');
    const requestId = randomUUID();
    await world.eventStore.append(
      discountDriftStream(watched.discountId, storeIds['aurora-uk']),
      [
        {
          type: 'DiscountDriftReassertRequested',
          data: {
            discountId: watched.discountId,
            storeId: storeIds['aurora-uk'],
            brandId: 1,
            requestId,
            shopifyDiscountId: id,
            differences: await lastFinding('aurora-uk'),
            requestedBy: admin,
            requestedAt: new Date().toISOString(),
          },
          metadata: { brandId: 1 },
        },
      ],
      { expected: 'any' },
    );
    await eventually(async () => (await driftOf('aurora-uk')).some((e) => e.type === 'DiscountDriftReasserted'));
    const outcome = (await driftOf('aurora-uk')).find((e) => e.type === 'DiscountDriftReasserted');
    expect(outcome?.data).toMatchObject({
      recreated: false,
      codesAdded: 1,
      codesRemoved: 0,
      fieldsRestored: ['endsAt'],
    });
    expect(heldIn('aurora-uk', id)).toMatchObject({ endsAt: null, codes: ['DRIFT-A', 'DRIFT-B', 'DRIFT-WATCH'] });

    await sync('aurora-uk', 'incremental');
    expect((await driftOf('aurora-uk')).at(-1)?.type).toBe('DiscountDriftCleared');
    expect(await rowOf('aurora-uk')).toMatchObject({ state: 'cleared', reassert_state: 'done' });
  });
});

describe("When an admin accepts Shopify's version", () => {
  it('should follow it: the accepted title and an extra code are no drift at the next sync', async () => {
    const id = await shopifyIdIn('aurora-de');
    await editBehindOurBack('aurora-de', id, { title: 'Drift watch (shop edit)' });
    await storeOf('aurora-de').addCodes(id, ['SHOP-ADDED']);
    await sync('aurora-de', 'incremental');
    const differences = await (async () => {
      const found = (await driftOf('aurora-de')).at(-1);
      if (found?.type !== 'DiscountDriftDetected') throw new Error('no drift in aurora-de');
      return found.data.differences;
    })();
    expect(differences).toMatchObject({
      unexpectedCodes: ['SHOP-ADDED'],
      fields: [{ field: 'title', ours: 'Drift watch', shopify: 'Drift watch (shop edit)' }],
    });
    await world.eventStore.append(
      discountDriftStream(watched.discountId, storeIds['aurora-de']),
      [
        {
          type: 'DiscountDriftAccepted',
          data: {
            discountId: watched.discountId,
            storeId: storeIds['aurora-de'],
            brandId: 1,
            differences,
            acceptedBy: admin,
            acceptedAt: new Date().toISOString(),
          },
          metadata: { brandId: 1 },
        },
      ],
      { expected: 'any' },
    );
    await world.projectors?.waitForIdle();
    await sync('aurora-de', 'incremental');
    expect((await driftOf('aurora-de')).map((e) => e.type)).toEqual(['DiscountDriftDetected', 'DiscountDriftAccepted']);
    const { rows } = await world.db.pool.query(
      'SELECT state, accepted_fields FROM rm.discount_drift WHERE discount_id = $1 AND store_id = $2',
      [watched.discountId, storeIds['aurora-de']],
    );
    expect(rows[0]).toEqual({ state: 'accepted', accepted_fields: { title: 'Drift watch (shop edit)' } });
    expect(heldIn('aurora-de', id)?.title).toBe('Drift watch (shop edit)');
  });
});

/** The state the codes page shows for a code in a store. */
const codeStateIn = async (slug: Slug, code: string) =>
  (
    await world.db.pool.query<{ state: string }>(
      `SELECT s.state FROM rm.discount_code_stores s JOIN rm.discount_codes c ON c.code_id = s.code_id
       WHERE c.discount_id = $1 AND c.code = $2 AND s.store_id = $3`,
      [watched.discountId, code, storeIds[slug]],
    )
  ).rows[0]?.state;

describe('When our discount is deleted in a store, a code is added meanwhile, and an admin re-asserts', () => {
  it('should create it again with all its codes, the late one too, and record the new Shopify id', async () => {
    const old = await shopifyIdIn('aurora-de');
    await storeOf('aurora-de').deleteDiscount(old);
    // Its push to that store fails (the discount is gone), yet the ledger holds it for us there.
    await addCodes(watched, ['DRIFT-LATE']);
    await eventually(async () => (await codeStateIn('aurora-de', 'DRIFT-LATE')) === 'failed');
    await sync('aurora-de', 'incremental');
    const differences = await (async () => {
      const found = (await driftOf('aurora-de')).at(-1);
      if (found?.type !== 'DiscountDriftDetected') throw new Error('no drift in aurora-de');
      return found.data.differences;
    })();
    expect(differences).toMatchObject({ deleted: true, missingCodeCount: 4 });
    await world.eventStore.append(
      discountDriftStream(watched.discountId, storeIds['aurora-de']),
      [
        {
          type: 'DiscountDriftReassertRequested',
          data: {
            discountId: watched.discountId,
            storeId: storeIds['aurora-de'],
            brandId: 1,
            requestId: randomUUID(),
            shopifyDiscountId: old,
            differences,
            requestedBy: admin,
            requestedAt: new Date().toISOString(),
          },
          metadata: { brandId: 1 },
        },
      ],
      { expected: 'any' },
    );
    await eventually(async () => (await driftOf('aurora-de')).at(-1)?.type === 'DiscountDriftReasserted');
    await world.projectors?.waitForIdle();
    const recreated = await shopifyIdIn('aurora-de');
    expect(recreated).not.toBe(old);
    expect(heldIn('aurora-de', recreated)?.codes).toEqual(['DRIFT-A', 'DRIFT-B', 'DRIFT-LATE', 'DRIFT-WATCH']);
    expect(await codeStateIn('aurora-de', 'DRIFT-LATE')).toBe('live');
    await sync('aurora-de', 'incremental');
    expect((await driftOf('aurora-de')).at(-1)?.type).toBe('DiscountDriftCleared');
  });
});
