import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { notifyFailure } from '@/lib/failure-notice';
import { type CatalogArea, catalogKeys } from './query-keys';

type Notices = { success: string; failure: string };

/**
 * A catalog write: on success the spec's notice, then the area's lists (items and links) are refetched before
 * the mutation settles; on failure the spec's failure notice with the server's message (§8).
 */
export const useCatalogMutation = <TVariables, TResult>(
  area: CatalogArea,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  notices: Notices,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast({ title: notices.success });
      await queryClient.invalidateQueries({ queryKey: catalogKeys[area]() });
    },
    onError: notifyFailure(notices.failure, notices.failure),
  });
};
