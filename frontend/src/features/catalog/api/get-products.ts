import { type Product, productListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** Every product of the brand, available for discount or not (one item per store). */
export const getProducts = (brandId: number): Promise<Product[]> =>
  api.get('/api/products/all', { query: { brandId }, schema: productListSchema });

export const productsQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: catalogKeys.list('products', brandId), queryFn: () => getProducts(brandId) });

export const useProducts = (brandId: number) => useQuery(productsQueryOptions(brandId));
