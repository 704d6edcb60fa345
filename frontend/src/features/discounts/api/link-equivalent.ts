import { collectionLinkSchema, linkRemovedSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { discountsKeys } from './query-keys';

export type LinkInput = { brandId: number; missingId: string; offerId: string; title: string; storeName: string };

/** Confirms a same-handle collection as the missing one's equivalent: the catalog's manual link (decision 1380). */
export const linkEquivalent = ({ brandId, missingId, offerId }: LinkInput) =>
  api.post('/api/collections/link', {
    body: { brandId, sourceCollectionId: missingId, targetCollectionId: offerId },
    schema: collectionLinkSchema,
  });

export const useLinkEquivalent = () =>
  useNotifiedMutation(linkEquivalent, {
    success: (_, { title, storeName }) => ({
      title: 'Collections linked',
      description: `${storeName}'s ${title} now stands for it in this discount`,
    }),
    failure: { title: 'Failed to link the collections' },
    refetch: [discountsKeys.all],
  });

/** Undoes a link made here. */
export const unlinkEquivalent = ({ linkId }: { linkId: string; title: string }) =>
  api.delete(`/api/collections/links/${encodeURIComponent(linkId)}`, { schema: linkRemovedSchema });

export const useUnlinkEquivalent = () =>
  useNotifiedMutation(unlinkEquivalent, {
    success: (_, { title }) => ({ title: 'Link undone', description: `${title} is no longer linked` }),
    failure: { title: 'Failed to undo the link' },
    refetch: [discountsKeys.all],
  });
