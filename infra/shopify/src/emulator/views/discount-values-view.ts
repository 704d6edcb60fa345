import { pageRequest, paginate } from '../connections';
import type { Args, ResolverContext } from '../graphql/context';
import type { Discount, ShopState } from '../state/shop-state';
import type { ContextRecord, CustomerGetsValue, ItemsRecord } from '../state/types';
import { collectionView, mapConnection, productView, variantView } from './catalog-view';

const byId = <T extends { id: number }>(item: T) => ({ id: item.id, value: item.id });

const moneyV2 = (amount: string, currencyCode: string) => ({ amount, currencyCode });

const amountView = (amount: string, appliesOnEachItem: boolean, currency: string) => ({
  __typename: 'DiscountAmount',
  amount: moneyV2(amount, currency),
  appliesOnEachItem,
});

const valueView = (value: CustomerGetsValue, currency: string) => {
  if (value.kind === 'percentage') return { __typename: 'DiscountPercentage', percentage: value.percentage };
  if (value.kind === 'amount') return amountView(value.amount, value.appliesOnEachItem, currency);
  return {
    __typename: 'DiscountOnQuantity',
    quantity: { __typename: 'DiscountQuantity', quantity: value.quantity },
    effect:
      'percentage' in value.effect
        ? { __typename: 'DiscountPercentage', percentage: value.effect.percentage }
        : amountView(value.effect.amount, false, currency),
  };
};

export const itemsView = (shop: ShopState, items: ItemsRecord) => {
  if (items.kind === 'all') return { __typename: 'AllDiscountItems', allItems: true };
  if (items.kind === 'collections') {
    const list = items.collectionIds.flatMap((id) => shop.collections.get(id) ?? []);
    return {
      __typename: 'DiscountCollections',
      collections: (args: Args, ctx: ResolverContext) =>
        mapConnection(paginate(list, pageRequest(args, ctx.bulk), byId), (c) => collectionView(shop, c)),
    };
  }
  const products = items.productIds.flatMap((id) => shop.products.get(id) ?? []);
  const variants = items.variantIds.flatMap((id) => shop.variants.get(id) ?? []);
  return {
    __typename: 'DiscountProducts',
    products: (args: Args, ctx: ResolverContext) =>
      mapConnection(paginate(products, pageRequest(args, ctx.bulk), byId), (p) => productView(shop, p)),
    productVariants: (args: Args, ctx: ResolverContext) =>
      mapConnection(paginate(variants, pageRequest(args, ctx.bulk), byId), (v) => variantView(shop, v)),
  };
};

export const contextView = (context: ContextRecord) => {
  if (context.kind === 'all') return { __typename: 'DiscountBuyerSelectionAll', all: 'ALL' };
  if (context.kind === 'customers') {
    return { __typename: 'DiscountCustomers', customers: context.ids.map((id) => ({ id, displayName: id })) };
  }
  return { __typename: 'DiscountCustomerSegments', segments: context.ids.map((id) => ({ id, name: id })) };
};

export const customerSelectionView = (context: ContextRecord) =>
  context.kind === 'all' ? { __typename: 'DiscountCustomerAll', allCustomers: true } : contextView(context);

export const customerGetsView = (shop: ShopState, d: Discount) => {
  const gets = d.customerGets;
  if (!gets) return null;
  return {
    value: valueView(gets.value, shop.identity.currencyCode),
    items: itemsView(shop, gets.items),
    appliesOnOneTimePurchase: gets.appliesOnOneTimePurchase,
    appliesOnSubscription: gets.appliesOnSubscription,
  };
};

export const customerBuysView = (shop: ShopState, d: Discount) => {
  const buys = d.customerBuys;
  if (!buys) return null;
  const value =
    'quantity' in buys.value
      ? { __typename: 'DiscountQuantity', quantity: buys.value.quantity }
      : { __typename: 'DiscountPurchaseAmount', amount: buys.value.amount };
  return { value, items: itemsView(shop, buys.items), isOneTimePurchase: true, isSubscription: false };
};

export const minimumView = (shop: ShopState, d: Discount) => {
  const min = d.minimumRequirement;
  if (!min) return null;
  if ('quantity' in min) return { __typename: 'DiscountMinimumQuantity', greaterThanOrEqualToQuantity: min.quantity };
  return {
    __typename: 'DiscountMinimumSubtotal',
    greaterThanOrEqualToSubtotal: moneyV2(min.subtotal, shop.identity.currencyCode),
  };
};
