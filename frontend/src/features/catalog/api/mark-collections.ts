import { type MarkCollectionsBody, type MarkResult, markResultSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

export const markCollections = (body: MarkCollectionsBody): Promise<MarkResult> =>
  api.post('/api/collections/mark-for-discount', { body, schema: markResultSchema });

export const useMarkCollections = () =>
  useCatalogMutation('collections', markCollections, {
    success: 'Collections marked for discount',
    failure: 'Failed to mark collections',
  });
