import { type Collection, collectionListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** Every collection of the brand, available for discount or not (one item per store). */
export const getCollections = (brandId: number): Promise<Collection[]> =>
  api.get('/api/collections', { query: { brandId }, schema: collectionListSchema });

export const collectionsQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: catalogKeys.list('collections', brandId), queryFn: () => getCollections(brandId) });

export const useCollections = (brandId: number) => useQuery(collectionsQueryOptions(brandId));
