import { codeReservationStream, parseDomainEvent } from '@dm/events';
import { discountCreatedAnswerSchema } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDiscountWorld, item, type DiscountTestWorld } from '../../../test/discount-world';

let world: DiscountTestWorld;
beforeAll(async () => {
  world = await buildDiscountWorld();
});
afterAll(() => world.close());

describe('When 20 discounts with the same name are created at once for the same store', () => {
  it('should create all 20 with distinct seed codes, each reserved once, by its own discount', async () => {
    const admin = await world.signIn('admin@x.test', 'admin', [1]);
    const uk = world.stores['aurora-uk']!;
    const body = {
      name: 'Flash Sale',
      discountType: 'multi',
      brandId: 1,
      storeIds: [uk],
      multiConfig: {
        discounts: [{ target: { type: 'product', id: item.hat, name: 'Sun Hat' }, kind: 'percentage', amount: '15' }],
      },
    };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        world.app.inject({ method: 'POST', url: '/api/admin/discounts', headers: admin, payload: body }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const answers = responses.map((r) => discountCreatedAnswerSchema.parse(r.json()));
    expect(new Set(answers.map((a) => a.seedCode)).size).toBe(20);
    expect(new Set(answers.map((a) => a.id)).size).toBe(20);

    for (const { id, seedCode } of answers) {
      const reservations = (await world.eventStore.readStream(codeReservationStream(uk, seedCode))).map(
        parseDomainEvent,
      );
      expect(reservations).toEqual([
        { type: 'CodeReserved', data: expect.objectContaining({ storeId: uk, code: seedCode, discountId: id }) },
      ]);
    }
  });
});
