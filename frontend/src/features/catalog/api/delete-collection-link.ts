import { linkRemovedSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

export const deleteCollectionLink = (linkId: string) =>
  api.delete(`/api/collections/links/${encodeURIComponent(linkId)}`, { schema: linkRemovedSchema });

/** Unlink removes every link of the selected collections, one call per link. */
const deleteCollectionLinks = async (linkIds: readonly string[]): Promise<void> => {
  for (const id of linkIds) await deleteCollectionLink(id);
};

export const useDeleteCollectionLinks = () =>
  useCatalogMutation('collections', deleteCollectionLinks, {
    success: 'Link removed successfully',
    failure: 'Failed to remove link',
  });
