import { linkRemovedSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

export const deleteProductLink = (linkId: string) =>
  api.delete(`/api/products/links/${encodeURIComponent(linkId)}`, { schema: linkRemovedSchema });

/** Unlink removes every link of the selected products, one call per link. */
const deleteProductLinks = async (linkIds: readonly string[]): Promise<void> => {
  for (const id of linkIds) await deleteProductLink(id);
};

export const useDeleteProductLinks = () =>
  useCatalogMutation('products', deleteProductLinks, {
    success: 'Product link removed successfully',
    failure: 'Failed to remove product link',
  });
