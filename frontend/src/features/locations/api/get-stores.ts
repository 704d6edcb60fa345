import { type StoreListItem, storeListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { locationsKeys } from './query-keys';

/** Stores of the caller's brands; `brandId` narrows to one brand. */
export const getStores = (brandId?: number): Promise<StoreListItem[]> =>
  api.get('/api/stores', { query: { brandId }, schema: storeListSchema });

export const storesQueryOptions = (filter: { brandId?: number } = {}) =>
  queryOptions({ queryKey: locationsKeys.storeList(filter), queryFn: () => getStores(filter.brandId) });

export const useStores = (options: { enabled?: boolean; brandId?: number } = {}) =>
  useQuery({
    ...storesQueryOptions(options.brandId === undefined ? {} : { brandId: options.brandId }),
    enabled: options.enabled ?? true,
  });
