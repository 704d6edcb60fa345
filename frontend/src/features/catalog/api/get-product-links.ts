import { type ProductLink, productLinkListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

export const getProductLinks = (brandId: number): Promise<ProductLink[]> =>
  api.get('/api/products/links', { query: { brandId }, schema: productLinkListSchema });

export const productLinksQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: catalogKeys.productLinks(brandId), queryFn: () => getProductLinks(brandId) });

export const useProductLinks = (brandId: number) => useQuery(productLinksQueryOptions(brandId));
