import { type CollectionLink, collectionLinkListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

export const getCollectionLinks = (brandId: number): Promise<CollectionLink[]> =>
  api.get('/api/collections/links', { query: { brandId }, schema: collectionLinkListSchema });

export const collectionLinksQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: catalogKeys.collectionLinks(brandId), queryFn: () => getCollectionLinks(brandId) });

export const useCollectionLinks = (brandId: number) => useQuery(collectionLinksQueryOptions(brandId));
