import { pageRequest, paginate } from '../connections';
import { str, strList, type Args, type ResolverContext } from '../graphql/context';
import { gid } from '../gid';
import type { Discount, ShopState } from '../state/shop-state';
import type { MetafieldRecord } from '../state/types';
import { mapConnection } from './catalog-view';
import { codesConnection } from './codes-view';
import { discountClassesOf, statusOf, summaryOf } from './discount-facts';
import {
  contextView,
  customerBuysView,
  customerGetsView,
  customerSelectionView,
  minimumView,
} from './discount-values-view';

const typeNames = { basic: 'DiscountCodeBasic', bxgy: 'DiscountCodeBxgy', app: 'DiscountCodeApp' } as const;

export const appOf = (functionId: string) => ({
  __typename: 'App',
  id: gid('App', 1),
  title: 'Discount Manager',
  handle: 'discount-manager',
  apiKey: `dm-${functionId.slice(0, 8)}`,
});

export const metafieldView = (m: MetafieldRecord) => ({
  __typename: 'Metafield',
  ...m,
  id: gid('Metafield', m.id),
  jsonValue: m.type === 'json' ? (JSON.parse(m.value) as unknown) : m.value,
});

/** The discount itself: one of the `DiscountCode` union members, fields derived at read time. */
export const discountView = (shop: ShopState, d: Discount, ctx: ResolverContext) => {
  const classes = discountClassesOf(d);
  const codesPath = [typeNames[d.type], 'codes'];
  return {
    __typename: typeNames[d.type],
    discountId: gid('DiscountCodeNode', d.id),
    title: d.title,
    status: statusOf(d, ctx.now),
    summary: () => summaryOf(d, shop.identity.currencyCode),
    shortSummary: () => summaryOf(d, shop.identity.currencyCode).split(' • ')[0],
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    asyncUsageCount: d.asyncUsageCount,
    usageLimit: d.usageLimit,
    appliesOncePerCustomer: d.appliesOncePerCustomer,
    recurringCycleLimit: d.recurringCycleLimit,
    usesPerOrderLimit: d.usesPerOrderLimit,
    appliesOnOneTimePurchase: true,
    appliesOnSubscription: false,
    combinesWith: { ...d.combinesWith, productDiscountsWithTagsOnSameCartLine: null },
    discountClasses: classes,
    discountClass: classes[0],
    context: contextView(d.context),
    customerSelection: customerSelectionView(d.context),
    customerGets: () => customerGetsView(shop, d),
    customerBuys: () => customerBuysView(shop, d),
    minimumRequirement: () => minimumView(shop, d),
    appDiscountType: d.app && {
      functionId: d.app.functionId,
      appKey: appOf(d.app.functionId).apiKey,
      title: 'Discount Manager multi discount',
      description: 'Runs the rules stored in the discount metafield',
      app: appOf(d.app.functionId),
      discountClasses: d.app.discountClasses,
    },
    codes: (args: Args, c: ResolverContext) => codesConnection(d.codes, args, c, codesPath),
    codesCount: () => ({ count: d.codes.count, precision: 'EXACT' }),
    tags: d.tags,
    totalSales: { amount: '0.0', currencyCode: shop.identity.currencyCode },
    hasTimelineComment: false,
    shareableUrls: [],
  };
};

const metafieldsOf = (d: Discount) => ({
  metafield: (args: Args) => {
    const found = d.metafields.find(
      (m) => m.key === str(args, 'key') && (str(args, 'namespace') ?? m.namespace) === m.namespace,
    );
    return found ? metafieldView(found) : null;
  },
  metafields: (args: Args, ctx: ResolverContext) => {
    const keys = strList(args, 'keys');
    const namespace = str(args, 'namespace');
    const list = d.metafields.filter(
      (m) =>
        (namespace === null || m.namespace === namespace) &&
        (keys === null || keys.includes(`${m.namespace}.${m.key}`)),
    );
    return mapConnection(
      paginate(list, pageRequest(args, ctx.bulk), (m) => ({ id: m.id, value: m.id })),
      metafieldView,
    );
  },
});

export const codeDiscountNodeView = (shop: ShopState, d: Discount, ctx: ResolverContext) => ({
  __typename: 'DiscountCodeNode',
  id: gid('DiscountCodeNode', d.id),
  codeDiscount: () => discountView(shop, d, ctx),
  ...metafieldsOf(d),
});

export const discountNodeView = (shop: ShopState, d: Discount, ctx: ResolverContext) => ({
  __typename: 'DiscountNode',
  id: gid('DiscountCodeNode', d.id),
  discount: () => discountView(shop, d, ctx),
  metafield: metafieldsOf(d).metafield,
});
