import { linkRemovedSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import type { CatalogArea } from './query-keys';
import { useCatalogMutation } from './use-catalog-mutation';

const notices = {
  products: { success: 'Product link removed successfully', failure: 'Failed to remove product link' },
  collections: { success: 'Link removed successfully', failure: 'Failed to remove link' },
};

export const deleteLink = (area: CatalogArea, linkId: string) =>
  api.delete(`/api/${area}/links/${encodeURIComponent(linkId)}`, { schema: linkRemovedSchema });

/** Unlink removes every link of the selected items, one call per link. */
const deleteLinks = async (area: CatalogArea, linkIds: readonly string[]): Promise<void> => {
  for (const id of linkIds) await deleteLink(area, id);
};

export const useDeleteLinks = (area: CatalogArea) =>
  useCatalogMutation(area, (linkIds: readonly string[]) => deleteLinks(area, linkIds), notices[area]);
