import { collectionLinkSchema, type LinkCollectionsBody } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

export const linkCollections = (body: LinkCollectionsBody) =>
  api.post('/api/collections/link', { body, schema: collectionLinkSchema });

export const useLinkCollections = () =>
  useCatalogMutation('collections', linkCollections, {
    success: 'Collections linked successfully',
    failure: 'Failed to link products or collections',
  });
