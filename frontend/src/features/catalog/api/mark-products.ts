import { type MarkProductsBody, type MarkResult, markResultSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

export const markProducts = (body: MarkProductsBody): Promise<MarkResult> =>
  api.post('/api/products/mark-for-discount', { body, schema: markResultSchema });

export const useMarkProducts = () =>
  useCatalogMutation('products', markProducts, {
    success: 'Products marked for discount',
    failure: 'Failed to mark products',
  });
