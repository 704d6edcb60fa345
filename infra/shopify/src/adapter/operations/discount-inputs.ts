import { configMetafield, type RulesConfig } from '../../discount-function/config';
import type { GwpDiscount, MultiDiscount } from '../model';
import { ownerMarkerInput } from './owner-marker';

const combines = (c: MultiDiscount['combinesWith']) => ({
  orderDiscounts: c.orderDiscounts ?? false,
  productDiscounts: c.productDiscounts ?? false,
  shippingDiscounts: c.shippingDiscounts ?? false,
});

/** Multi → `DiscountCodeAppInput`: the rules travel as the metafield the Function reads. */
export const appDiscountInput = (d: MultiDiscount) => {
  const collectionIds = [
    ...new Set(d.rules.flatMap((r) => ('collectionIds' in r.appliesTo ? r.appliesTo.collectionIds : []))),
  ];
  const config: RulesConfig = { version: 1, rules: d.rules, collectionIds };
  return {
    title: d.title,
    code: d.code,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    functionId: d.functionId,
    usageLimit: d.usageLimit,
    appliesOncePerCustomer: d.appliesOncePerCustomer,
    combinesWith: combines(d.combinesWith),
    context: { all: 'ALL' },
    discountClasses: ['ORDER', 'PRODUCT'],
    metafields: [
      { ...configMetafield, value: JSON.stringify(config) },
      ...(d.ourId ? [ownerMarkerInput(d.ourId)] : []),
    ],
  };
};

/** GWP → `DiscountCodeBxgyInput`: trigger as `customerBuys`, the gift at 100 % off as `customerGets`. */
export const bxgyDiscountInput = (d: GwpDiscount) => ({
  title: d.title,
  code: d.code,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  usageLimit: d.usageLimit,
  appliesOncePerCustomer: d.appliesOncePerCustomer,
  usesPerOrderLimit: d.usesPerOrderLimit,
  combinesWith: combines(d.combinesWith),
  context: { all: 'ALL' },
  customerBuys: {
    value: 'quantity' in d.trigger ? { quantity: String(d.trigger.quantity) } : { amount: d.trigger.minimumAmount },
    items:
      'collectionIds' in d.triggerItems
        ? { collections: { add: d.triggerItems.collectionIds } }
        : { products: { productsToAdd: d.triggerItems.productIds, productVariantsToAdd: d.triggerItems.variantIds } },
  },
  customerGets: {
    value: { discountOnQuantity: { quantity: String(d.giftQuantity), effect: { percentage: 1 } } },
    items: { products: { productVariantsToAdd: d.giftVariantIds } },
  },
});
