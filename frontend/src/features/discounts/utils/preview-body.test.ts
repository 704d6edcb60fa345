import { createDiscountBodySchema } from '@dm/events/http';
import { describe, expect, it } from 'vitest';
import { aDeployment, aDiscountDetail, uid } from '../testing/discount-fixtures';
import { previewBodyOf } from './preview-body';

describe('When an existing discount is previewed again', () => {
  it('should send a multi as a create body the server accepts, with its stores, rules, dates and combinations', () => {
    const detail = aDiscountDetail(1, {
      discountType: 'multi',
      deployments: [aDeployment(3), aDeployment(5)],
      rules: [{ target: { type: 'product', id: uid(7), name: 'Jacket' }, kind: 'fixed', amount: '10' }],
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2026-02-01T00:00:00.000Z',
      combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: false },
    });
    const body = createDiscountBodySchema.parse(previewBodyOf(detail));
    expect(body).toMatchObject({
      storeIds: [3, 5],
      multiConfig: { discounts: [{ target: { id: uid(7) }, kind: 'fixed', amount: '10' }] },
      conditions: {
        startDate: '2026-01-01T00:00:00.000Z',
        endDate: '2026-02-01T00:00:00.000Z',
        combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: false },
      },
    });
  });

  it('should send a gift with purchase with its trigger, gift and minimum cart value', () => {
    const detail = aDiscountDetail(2, {
      discountType: 'gwp',
      rules: [],
      gwp: {
        requiredType: 'product',
        triggerProductIds: [uid(8)],
        requiredCollectionId: null,
        giftProductIds: [uid(9)],
        triggerQuantity: 2,
        giftQuantity: 1,
        minimumCartValue: '50',
      },
    });
    const body = createDiscountBodySchema.parse(previewBodyOf(detail));
    expect(body.gwpConfig).toMatchObject({ triggerProducts: [uid(8)], giftProducts: [uid(9)], minimumCartValue: '50' });
    expect(body.multiConfig).toBeNull();
  });
});
