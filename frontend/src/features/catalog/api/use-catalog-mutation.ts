import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { type CatalogArea, catalogKeys } from './query-keys';

type Notices<TResult, TVariables> = {
  success: string;
  failure: string;
  /** What changed, under the success title. */
  describe?: (result: TResult, variables: TVariables) => string;
};

/**
 * A catalog write (spec §8): the success notice, or the failure notice with the server's message (its title
 * when there is none); the area's lists (items and links) are refetched before the mutation settles.
 */
export const useCatalogMutation = <TVariables, TResult>(
  area: CatalogArea,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  { success, failure, describe }: Notices<TResult, TVariables>,
) =>
  useNotifiedMutation(mutationFn, {
    success: (result, variables) => ({
      title: success,
      ...(describe ? { description: describe(result, variables) } : {}),
    }),
    failure: { title: failure, fallback: failure },
    refetch: [catalogKeys[area]()],
  });
