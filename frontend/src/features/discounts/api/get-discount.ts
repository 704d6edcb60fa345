import { type DiscountDetail, discountDetailSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DEPLOYMENT_POLL_MS } from './get-discounts';
import { discountsKeys } from './query-keys';

export const getDiscount = (id: string): Promise<DiscountDetail> =>
  api.get(`/api/discounts/${encodeURIComponent(id)}`, { schema: discountDetailSchema });

/**
 * Asked again every 2 s while a store's deployment is pending, or, once the discount has ended, while a store is
 * still being deactivated (deployed, with no failure recorded): the panel turns each store Ended without a reload.
 */
export const discountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: discountsKeys.detail(id),
    queryFn: () => getDiscount(id),
    refetchInterval: (query) =>
      query.state.data?.deployments.some(
        (d) =>
          d.status === 'pending' ||
          (query.state.data?.status === 'ended' && d.status === 'deployed' && d.reason === null),
      )
        ? DEPLOYMENT_POLL_MS
        : false,
  });

export const useDiscount = (id: string) => useQuery(discountQueryOptions(id));
