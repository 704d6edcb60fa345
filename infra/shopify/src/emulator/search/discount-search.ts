import type { Discount } from '../state/shop-state';
import { discountClassesOf, statusOf, typeFilterOf } from '../views/discount-facts';
import { isNumber, isTime, matchList, matchNumber, matchText, matchTime } from './compare';
import type { FieldSpec, SearchSpec } from './filter';

const oneOf =
  (...values: string[]) =>
  (v: string) =>
    values.includes(v.toLowerCase());

/** `discountNodes(query:)` filters (reference §7.2); `codeDiscountNodes` takes a subset. */
export const discountSearch = (now: number, legacy: boolean): SearchSpec<Discount> => {
  const time = (get: (d: Discount) => string | null): FieldSpec<Discount> => ({
    match: (d, t) => matchTime(get(d), t, now),
    accepts: (v) => isTime(v),
  });
  const common: Record<string, FieldSpec<Discount>> = {
    combines_with: {
      match: (d, t) =>
        matchList(
          [
            d.combinesWith.orderDiscounts ? 'order_discounts' : '',
            d.combinesWith.productDiscounts ? 'product_discounts' : '',
            d.combinesWith.shippingDiscounts ? 'shipping_discounts' : '',
          ],
          t,
        ),
      accepts: oneOf('order_discounts', 'product_discounts', 'shipping_discounts'),
    },
    created_at: time((d) => d.createdAt),
    updated_at: time((d) => d.updatedAt),
    starts_at: time((d) => d.startsAt),
    ends_at: time((d) => d.endsAt),
    id: { match: (d, t) => matchNumber(d.id, t), accepts: isNumber },
    status: { match: (d, t) => matchList(statusOf(d, now), t), accepts: oneOf('active', 'expired', 'scheduled') },
    tag: { match: (d, t) => matchList(d.tags, t) },
    times_used: { match: (d, t) => matchNumber(d.asyncUsageCount, t), accepts: isNumber },
    title: { match: (d, t) => matchText(d.title, t.value) },
    type: {
      match: (d, t) => matchList(typeFilterOf(d), t),
      accepts: oneOf('all', 'all_with_app', 'app', 'bxgy', 'fixed_amount', 'free_shipping', 'percentage'),
    },
    discount_type: {
      match: (d, t) => matchList(typeFilterOf(d), t),
      accepts: oneOf('app', 'bogo', 'fixed_amount', 'free_shipping', 'percentage'),
    },
  };
  const modern: Record<string, FieldSpec<Discount>> = {
    method: { match: (_d, t) => matchList('code', t), accepts: oneOf('code', 'automatic') },
    code: {
      match: (d, t) =>
        d.codes.findGenerated(t.value) !== null ||
        d.codes.explicit.some((c) => c.code.toLowerCase() === t.value.toLowerCase()),
    },
    discount_class: {
      match: (d, t) => matchList(discountClassesOf(d), t),
      accepts: oneOf('order', 'product', 'shipping'),
    },
    context: {
      match: (d, t) =>
        matchList(d.context.kind === 'all' ? 'all' : d.context.kind === 'customers' ? 'customer' : 'segment', t),
    },
  };
  return {
    fields: legacy ? common : { ...common, ...modern },
    text: (d, value) => matchText(d.title, value),
  };
};
