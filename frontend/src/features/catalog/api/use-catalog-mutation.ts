import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { type CatalogArea, catalogKeys } from './query-keys';

type Notices = { success: string; failure: string };

/**
 * A catalog write (spec §8): the success notice, or the failure notice with the server's message (its title
 * when there is none); the area's lists (items and links) are refetched before the mutation settles.
 */
export const useCatalogMutation = <TVariables, TResult>(
  area: CatalogArea,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  notices: Notices,
) =>
  useNotifiedMutation(mutationFn, {
    success: { title: notices.success },
    failure: { title: notices.failure, fallback: notices.failure },
    refetch: [catalogKeys[area]()],
  });
