import type { Discount } from '../state/shop-state';
import type { CustomerGetsValue, ItemsRecord } from '../state/types';

export type DiscountStatus = 'ACTIVE' | 'EXPIRED' | 'SCHEDULED';

/** Status is derived from the dates at read time (reference §4.1). */
export const statusOf = (d: Pick<Discount, 'startsAt' | 'endsAt'>, now: number): DiscountStatus => {
  if (Date.parse(d.startsAt) > now) return 'SCHEDULED';
  if (d.endsAt !== null && Date.parse(d.endsAt) <= now) return 'EXPIRED';
  return 'ACTIVE';
};

/** `items.all` gives ORDER, products or collections PRODUCT; BXGY is always PRODUCT (reference §4.1). */
export const discountClassesOf = (d: Discount): string[] => {
  if (d.type === 'bxgy') return ['PRODUCT'];
  if (d.type === 'app') return d.app?.discountClasses ?? ['PRODUCT'];
  return d.customerGets?.items.kind === 'all' ? ['ORDER'] : ['PRODUCT'];
};

export const typeFilterOf = (d: Discount): string[] => {
  if (d.type === 'app') return ['app', 'all_with_app'];
  if (d.type === 'bxgy') return ['bxgy', 'bogo', 'all', 'all_with_app'];
  return [d.customerGets?.value.kind === 'percentage' ? 'percentage' : 'fixed_amount', 'all', 'all_with_app'];
};

const symbols: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };
export const money = (amount: string, currency: string): string =>
  `${symbols[currency] ?? `${currency} `}${Number(amount).toFixed(2)}`;

const percent = (fraction: number): string => `${Math.round(fraction * 10000) / 100}%`;

const target = (items: ItemsRecord): string => {
  if (items.kind === 'all') return 'entire order';
  if (items.kind === 'collections')
    return `${items.collectionIds.length} collection${items.collectionIds.length === 1 ? '' : 's'}`;
  const n = items.productIds.length + items.variantIds.length;
  return `${n} product${n === 1 ? '' : 's'}`;
};

const valueText = (value: CustomerGetsValue, currency: string): string =>
  value.kind === 'percentage'
    ? percent(value.percentage)
    : value.kind === 'amount'
      ? money(value.amount, currency)
      : '';

/** Human summary, ` • `-separated as Shopify writes it (reference §4.1). */
export const summaryOf = (d: Discount, currency: string): string => {
  if (d.type === 'bxgy' && d.customerBuys && d.customerGets?.value.kind === 'onQuantity') {
    const buys = d.customerBuys.value;
    const get = d.customerGets.value;
    const trigger =
      'quantity' in buys
        ? `Buy ${buys.quantity} item${buys.quantity === '1' ? '' : 's'}`
        : `Spend ${money(buys.amount, currency)}`;
    const reward =
      'percentage' in get.effect
        ? get.effect.percentage === 1
          ? 'free'
          : `at ${percent(get.effect.percentage)} off`
        : `at ${money(get.effect.amount, currency)} off`;
    return `${trigger}, get ${get.quantity} item${get.quantity === '1' ? '' : 's'} ${reward}`;
  }
  if (!d.customerGets) return d.title;
  const parts = [`${valueText(d.customerGets.value, currency)} off ${target(d.customerGets.items)}`];
  const min = d.minimumRequirement;
  if (min && 'subtotal' in min) parts.push(`Minimum purchase of ${money(min.subtotal, currency)}`);
  if (min && 'quantity' in min) parts.push(`Minimum quantity of ${min.quantity}`);
  if (d.appliesOncePerCustomer) parts.push('One use per customer');
  return parts.join(' • ');
};
