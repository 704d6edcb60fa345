import { collectionLinkListSchema, productLinkListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { collectionLinkEnds, type LinkEnds, productLinkEnds } from '../utils/links';
import { type CatalogArea, catalogKeys } from './query-keys';

/** GET /api/{area}/links: the brand's links, each named by its two ends. */
export const getLinks = async (area: CatalogArea, brandId: number): Promise<LinkEnds[]> => {
  const path = `/api/${area}/links`;
  const query = { brandId };
  return area === 'products'
    ? (await api.get(path, { query, schema: productLinkListSchema })).map(productLinkEnds)
    : (await api.get(path, { query, schema: collectionLinkListSchema })).map(collectionLinkEnds);
};

export const linksQueryOptions = (area: CatalogArea, brandId: number) =>
  queryOptions({ queryKey: catalogKeys.links(area, brandId), queryFn: () => getLinks(area, brandId) });

export const useLinks = (area: CatalogArea, brandId: number) => useQuery(linksQueryOptions(area, brandId));
