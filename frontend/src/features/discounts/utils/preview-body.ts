import type { CreateDiscountBody, DiscountDetail } from '@dm/events/http';

/** An existing discount as the create body the preview takes: its stores, rules or gift, dates, combinations. */
export const previewBodyOf = (d: DiscountDetail): CreateDiscountBody => ({
  name: d.name,
  discountType: d.discountType === 'gwp' ? 'gwp' : 'multi',
  brandId: d.brandId,
  storeIds: d.deployments.map((s) => s.storeId),
  productScope: d.productScope,
  multiConfig: d.discountType === 'gwp' ? null : { discounts: d.rules.map((r) => ({ ...r, target: { ...r.target } })) },
  gwpConfig: d.gwp
    ? {
        requiredType: d.gwp.requiredType,
        triggerProducts: d.gwp.triggerProductIds,
        requiredCollection: d.gwp.requiredCollectionId,
        giftProducts: d.gwp.giftProductIds,
        triggerQuantity: d.gwp.triggerQuantity,
        giftQuantity: d.gwp.giftQuantity,
        minimumCartValue: d.gwp.minimumCartValue,
      }
    : null,
  conditions: { startDate: d.startsAt, endDate: d.endsAt, combinesWith: d.combinesWith },
});
