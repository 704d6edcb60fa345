import { type DiscountList, discountListSchema } from '@dm/events/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsKeys } from './query-keys';

/** The list's query as the server takes it; an empty filter is the dashboard's call (page 1, 50, newest first). */
export type DiscountListFilter = {
  page?: number;
  brandId?: number;
  search?: string;
  type?: string;
  /** Instants (ISO) of the start of the first and the end of the last chosen local day. */
  dateFrom?: string;
  dateTo?: string;
};

/** While a store of a shown discount is being deployed, the list asks again at this pace. */
export const DEPLOYMENT_POLL_MS = 2000;

export const getDiscounts = (filter: DiscountListFilter): Promise<DiscountList> =>
  api.get('/api/discounts', { query: filter, schema: discountListSchema });

const anyPending = (list: DiscountList | undefined) =>
  list?.data.some((d) => d.deployments.some((s) => s.status === 'pending')) ?? false;

export const discountsQueryOptions = (filter: DiscountListFilter = {}) =>
  queryOptions({
    queryKey: discountsKeys.list(filter),
    queryFn: () => getDiscounts(filter),
    refetchInterval: (query) => (anyPending(query.state.data) ? DEPLOYMENT_POLL_MS : false),
  });

/** Keeps the previous page on screen while the next one loads (the table does not jump to a skeleton). */
export const useDiscounts = (filter: DiscountListFilter = {}) =>
  useQuery({ ...discountsQueryOptions(filter), placeholderData: keepPreviousData });
