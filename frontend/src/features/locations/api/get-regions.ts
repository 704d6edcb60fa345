import { type RegionListItem, regionListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { locationsKeys } from './query-keys';

export const getRegions = (): Promise<RegionListItem[]> => api.get('/api/regions', { schema: regionListSchema });

export const regionsQueryOptions = () => queryOptions({ queryKey: locationsKeys.regions(), queryFn: getRegions });

export const useRegions = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...regionsQueryOptions(), enabled: options.enabled ?? true });
