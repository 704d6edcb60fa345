import { type DiscountStats, discountStatsSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsKeys } from './query-keys';

/** The dashboard's numbers over the caller's brands (Total Codes is real, spec 000 §2.4's 'always 0' was a defect). */
export const getDiscountStats = (): Promise<DiscountStats> =>
  api.get('/api/discounts/stats', { schema: discountStatsSchema });

export const discountStatsQueryOptions = () =>
  queryOptions({ queryKey: discountsKeys.stats(), queryFn: getDiscountStats });

export const useDiscountStats = () => useQuery(discountStatsQueryOptions());
