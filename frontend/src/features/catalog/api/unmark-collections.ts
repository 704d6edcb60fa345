import { type MarkCollectionsBody, type MarkResult, markResultSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

export const unmarkCollections = (body: MarkCollectionsBody): Promise<MarkResult> =>
  api.post('/api/collections/unmark-for-discount', { body, schema: markResultSchema });

export const useUnmarkCollections = () =>
  useCatalogMutation('collections', unmarkCollections, {
    success: 'Collections unmarked from discount',
    failure: 'Failed to unmark collections',
  });
