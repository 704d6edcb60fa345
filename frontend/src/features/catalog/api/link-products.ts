import { type LinkProductsBody, productLinkSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

export const linkProducts = (body: LinkProductsBody) =>
  api.post('/api/products/link', { body, schema: productLinkSchema });

export const useLinkProducts = () =>
  useCatalogMutation('products', linkProducts, {
    success: 'Products linked successfully',
    failure: 'Failed to link products or collections',
  });
