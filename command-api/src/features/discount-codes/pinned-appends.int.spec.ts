import type { StreamAppend } from '@dm/event-store';
import { discountCodesStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDiscountWorld, item, type DiscountTestWorld } from '../../../test/discount-world';

// Issue 22, item 5: every stream a codes decision appends to is appended at the version the decision read; none
// at `expected: 'any'`. And codes are one code however Shopify would spell them alike (ß, full width, İ, Σ).
type Headers = { cookie: string; origin: string };
let world: DiscountTestWorld;
let admin: Headers;
let manager: Headers;
let discountId: string;
let uk: number;

const inject = (method: 'POST' | 'DELETE', url: string, as: Headers, payload?: object) =>
  world.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  world = await buildDiscountWorld();
  admin = await world.signInNamed('ada@x.test', [1], 'Ada', 'Admin');
  manager = await world.signIn('max@x.test', 'manager', [1]);
  uk = world.stores['aurora-uk']!;
  const created = await inject('POST', '/api/admin/discounts', admin, {
    name: 'Pinned',
    discountType: 'multi',
    brandId: 1,
    storeIds: [uk],
    multiConfig: {
      discounts: [{ target: { type: 'product', id: item.hat, name: 'Sun Hat' }, kind: 'percentage', amount: '10' }],
    },
  });
  discountId = created.json<{ id: string }>().id;
});
afterAll(() => world.close());

/** The appends a request makes, by stream, with the version each expected. */
const appendsOf = async (request: () => Promise<{ statusCode: number; body: string }>, status: number) => {
  const spy = vi.spyOn(world.eventStore, 'appendMany');
  try {
    const response = await request();
    expect(response.statusCode, response.body).toBe(status);
    return spy.mock.calls.flatMap(([appends]) => appends as StreamAppend[]);
  } finally {
    spy.mockRestore();
  }
};

describe('When codes are added, imported and deleted', () => {
  it('should append every stream at the version read, never at any version', async () => {
    const added = await appendsOf(
      () =>
        inject('POST', `/api/discounts/${discountId}/codes`, admin, {
          codes: 'PIN-1',
          stores: [uk],
          influencerName: '',
        }),
      201,
    );
    const imported = await appendsOf(
      () => inject('POST', `/api/discounts/${discountId}/codes/import`, admin, { csv: 'PIN-2\nPIN-3', stores: [uk] }),
      200,
    );
    await world.projectors.waitForIdle();
    const { rows } = await world.db.pool.query<{ code_id: string }>(
      "SELECT code_id FROM rm.discount_codes WHERE code = 'PIN-1'",
    );
    const deleted = await appendsOf(() => inject('DELETE', `/api/codes/${rows[0]!.code_id}`, manager), 202);
    const all = [...added, ...imported, ...deleted];
    expect(all.map((a) => a.streamId)).toContain(discountCodesStream(discountId));
    expect(all.filter((a) => a.expected === 'any' || a.expected === 'exists')).toEqual([]);
  });

  it('should add anyway when the push reactor appends to the codes stream in between (read again, not refused)', async () => {
    const codes = discountCodesStream(discountId);
    const real = world.eventStore.appendMany.bind(world.eventStore);
    let raced = false;
    const spy = vi.spyOn(world.eventStore, 'appendMany').mockImplementation(async (appends) => {
      if (!raced && appends.some((a) => a.streamId === codes)) {
        raced = true;
        await world.eventStore.append(
          codes,
          [
            {
              type: 'DiscountCodesPushStarted',
              data: { discountId, storeId: uk, chunkKey: 'race', codes: ['X'], startedAt: new Date().toISOString() },
            },
          ],
          { expected: 'any' },
        );
      }
      return real(appends);
    });
    try {
      const response = await inject('POST', `/api/discounts/${discountId}/codes`, admin, {
        codes: 'PIN-4',
        stores: [uk],
        influencerName: '',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(raced).toBe(true);
      const types = (await world.eventStore.readStream(codes)).map((e) => parseDomainEvent(e).type);
      expect(types.slice(-2)).toEqual(['DiscountCodesPushStarted', 'DiscountCodesAdded']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('When a code is spelt another way that Shopify takes for the same code', () => {
  it.each([
    ['STRAßE-1', 'strasse-1'],
    ['ＦＵＬＬ-1', 'full-1'],
    ['İZMİR-1', 'i̇zmi̇r-1'],
    ['ΟΔΟΣ-1', 'οδοσ-1'],
  ])('should refuse %s once %s is held in the store', async (first, second) => {
    const one = await inject('POST', `/api/discounts/${discountId}/codes`, admin, {
      codes: first,
      stores: [uk],
      influencerName: '',
    });
    expect(one.statusCode, one.body).toBe(201);
    const two = await inject('POST', `/api/discounts/${discountId}/codes`, admin, {
      codes: second,
      stores: [uk],
      influencerName: '',
    });
    expect(two.statusCode, two.body).toBe(409);
    expect(two.json<{ message: string }>().message).toContain(
      `${first} in Aurora GB (already a code of this discount)`,
    );
  });
});
