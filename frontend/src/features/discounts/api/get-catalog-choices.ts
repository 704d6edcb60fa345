import { type Collection, collectionListSchema, type Product, productListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsKeys } from './query-keys';

/** What a discount may name: the brand's products marked available for discount (every store's copy). */
export const getProductChoices = async (brandId: number): Promise<Product[]> =>
  (await api.get('/api/products/all', { query: { brandId }, schema: productListSchema })).filter(
    (p) => p.isAvailableForDiscount,
  );

/** The brand's collections marked available for discount (every store's copy). */
export const getCollectionChoices = (brandId: number): Promise<Collection[]> =>
  api.get('/api/collections/available', { query: { brandId }, schema: collectionListSchema });

const productChoicesOptions = (brandId: number) =>
  queryOptions({ queryKey: discountsKeys.choices('products', brandId), queryFn: () => getProductChoices(brandId) });
const collectionChoicesOptions = (brandId: number) =>
  queryOptions({
    queryKey: discountsKeys.choices('collections', brandId),
    queryFn: () => getCollectionChoices(brandId),
  });

/** Asked once a brand is chosen in step 1. */
export const useProductChoices = (brandId: number | undefined) =>
  useQuery({ ...productChoicesOptions(brandId ?? 0), enabled: brandId !== undefined });
export const useCollectionChoices = (brandId: number | undefined) =>
  useQuery({ ...collectionChoicesOptions(brandId ?? 0), enabled: brandId !== undefined });
