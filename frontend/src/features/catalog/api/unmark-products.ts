import { type MarkProductsBody, type MarkResult, markResultSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

export const unmarkProducts = (body: MarkProductsBody): Promise<MarkResult> =>
  api.post('/api/products/unmark-for-discount', { body, schema: markResultSchema });

export const useUnmarkProducts = () =>
  useCatalogMutation('products', unmarkProducts, {
    success: 'Products unmarked from discount',
    failure: 'Failed to unmark products',
  });
