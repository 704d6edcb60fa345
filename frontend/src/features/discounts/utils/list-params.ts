import type { DiscountListFilter } from '../api/get-discounts';
import { endOfLocalDay, startOfLocalDay } from './date-range';

/**
 * The list's state lives in the address (`?page=2&type=gwp&id=…`), so Back, a reload or a shared link keep it.
 * `id` opens a discount's codes (spec 001 §2.1–2.2), `details` its detail panel.
 */
export type ListParams = {
  page: number;
  brand: string;
  search: string;
  type: string;
  from: string;
  to: string;
  id: string | null;
  details: string | null;
};

export const readListParams = (params: URLSearchParams): ListParams => {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    brand: params.get('brand') ?? 'all',
    search: params.get('search') ?? '',
    type: params.get('type') ?? 'all',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    id: params.get('id'),
    details: params.get('details'),
  };
};

/** What the server is asked: days become the instants they start and end in the browser's time zone. */
export const toListFilter = (p: ListParams): DiscountListFilter => {
  const filter: DiscountListFilter = { page: p.page };
  if (p.brand !== 'all' && /^\d+$/.test(p.brand)) filter.brandId = Number(p.brand);
  if (p.search.trim()) filter.search = p.search.trim();
  if (p.type !== 'all') filter.type = p.type;
  const from = startOfLocalDay(p.from);
  const to = endOfLocalDay(p.to);
  if (from) filter.dateFrom = from;
  if (to) filter.dateTo = to;
  return filter;
};

/** The address with some params changed; '' or a default removes one. A filter change goes back to page 1. */
export const withParams = (params: URLSearchParams, changes: Partial<Record<keyof ListParams, string | null>>) => {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key !== 'id' && key !== 'details' && value === 'all')) next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes) && !('id' in changes) && !('details' in changes)) next.delete('page');
  return next;
};
