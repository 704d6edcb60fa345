import type { DiscountDeployment, DiscountItem } from '@dm/events/http';
import { discountTypeNames } from '@/lib/glossary';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 001 §2.1: 'Jan 05, 2025', in the browser's time zone. */
export const formatCreatedDate = (iso: string): string => {
  const d = new Date(iso);
  return `${months[d.getMonth()]} ${pad(d.getDate())}, ${d.getFullYear()}`;
};

/** Start, end and deployment times: the app's one date-time format (the History tab beside them uses it too). */
export { formatDateTime } from '@/lib/dates';

/** Spec 001 §2.1: a store is shown by its country code, else its name, else its url slug. */
export const storeLabel = (s: Pick<DiscountDeployment, 'countryCode' | 'storeName' | 'urlSlug'>): string =>
  s.countryCode || s.storeName || s.urlSlug;

/** At most 4 stores are listed, then '(+N)'. */
export const STORES_SHOWN = 4;
export const splitShown = <T>(items: readonly T[], shown = STORES_SHOWN) => ({
  shown: items.slice(0, shown),
  more: Math.max(0, items.length - shown),
});

/** The type badge in the glossary's words ('Gift with purchase', 'Multi-discount', 'Fixed amount'). */
export const typeLabel = (type: DiscountItem['discountType']): string => discountTypeNames[type];

/** What the discount takes off: '10%', '€5.00', or nothing for a gift with purchase. */
export const valueLabel = (d: Pick<DiscountItem, 'percentage' | 'amount' | 'currencySymbol'>): string | null => {
  if (d.percentage !== null) return `${d.percentage}%`;
  if (d.amount !== null) return `${d.currencySymbol ?? ''}${d.amount}`;
  return null;
};

/** 'Showing 51 - 100 of 120 discounts'. */
export const showingRange = (page: number, pageSize: number, total: number): string => {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} - ${to} of ${total} discounts`;
};

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
