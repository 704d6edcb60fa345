import { type Brand, brandListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { brandsKeys } from './query-keys';

/** The brands the signed-in user may work with. */
export const getUserBrands = (): Promise<Brand[]> => api.get('/api/user/brands', { schema: brandListSchema });

export const userBrandsQueryOptions = () => queryOptions({ queryKey: brandsKeys.mine(), queryFn: getUserBrands });

export const useUserBrands = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...userBrandsQueryOptions(), enabled: options.enabled ?? true });
