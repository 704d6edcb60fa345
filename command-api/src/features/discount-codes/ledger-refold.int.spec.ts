import { codeReservationStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDiscountWorld, item, type DiscountTestWorld } from '../../../test/discount-world';
import { refoldLedger } from './ledger-refold';

// Decision 1310: a reservation recorded when codes were folded by plain lower case lives in a stream today's
// folding no longer names; the migrate step moves it, so the code stays held.
type Headers = { cookie: string; origin: string };
let world: DiscountTestWorld;
let admin: Headers;
let discountId: string;
let uk: number;
const legacy = () => `code-reservation:${uk}:straße`;

beforeAll(async () => {
  world = await buildDiscountWorld();
  admin = await world.signInNamed('ada@x.test', [1], 'Ada', 'Admin');
  uk = world.stores['aurora-uk']!;
  const created = await world.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    headers: admin,
    payload: {
      name: 'Old folding',
      discountType: 'multi',
      brandId: 1,
      storeIds: [uk],
      multiConfig: {
        discounts: [{ target: { type: 'product', id: item.hat, name: 'Sun Hat' }, kind: 'percentage', amount: '10' }],
      },
    },
  });
  discountId = created.json<{ id: string }>().id;
  // As the ledger wrote it before: the stream id folded by toLowerCase, which keeps ß.
  await world.eventStore.append(
    legacy(),
    [
      {
        type: 'CodeReserved',
        data: { storeId: uk, code: 'STRAßE', discountId, brandId: 1, reservedAt: '2026-11-01T10:00:00.000Z' },
      },
    ],
    { expected: 'no_stream' },
  );
});
afterAll(() => world.close());

const add = (code: string) =>
  world.app.inject({
    method: 'POST',
    url: `/api/discounts/${discountId}/codes`,
    headers: admin,
    payload: { codes: code, stores: [uk], influencerName: '' },
  });

describe('When a reservation was recorded under the old folding', () => {
  it('should move it to the stream of today’s folding once, so the code stays held', async () => {
    expect(legacy()).not.toBe(codeReservationStream(uk, 'STRAßE'));
    const first = await refoldLedger(world.eventStore, world.db.pool);
    expect(first).toEqual({ moved: 1, clashes: [] });
    const moved = (await world.eventStore.readStream(legacy())).map(parseDomainEvent).at(-1);
    expect(moved).toMatchObject({ type: 'CodeReservationMoved', data: { to: codeReservationStream(uk, 'strasse') } });
    const now = (await world.eventStore.readStream(codeReservationStream(uk, 'Strasse'))).map(parseDomainEvent);
    expect(now).toMatchObject([{ type: 'CodeReserved', data: { code: 'STRAßE', discountId } }]);
    expect(await refoldLedger(world.eventStore, world.db.pool)).toEqual({ moved: 0, clashes: [] });

    const again = await add('strasse');
    expect(again.statusCode, again.body).toBe(409);
    await world.projectors.waitForIdle();
    const { rows } = await world.db.pool.query(
      "SELECT code_folded, code FROM rm.code_reservations WHERE store_id = $1 AND code = 'STRAßE'",
      [uk],
    );
    expect(rows).toEqual([{ code_folded: 'strasse', code: 'STRAßE' }]);
  });
});
