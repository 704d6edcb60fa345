import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, type ToastInput } from '@/components/ui/use-toast';
import { notifyFailure } from '@/lib/failure-notice';

export type Notices<TResult> = {
  success: ToastInput | ((result: TResult) => ToastInput);
  /** Spec §8: location failures are titled 'Error'; this is the text when the server sends no message. */
  failure: string;
};

export type WriteOptions = { onSuccess?: () => void };

/**
 * A location write: the success notice, the caller's `onSuccess` (a dialog closes), then the lists the write
 * changes are refetched before the mutation settles, so no list shows what was there before.
 */
export const useLocationMutation = <TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  { notices, refetch }: { notices: Notices<TResult>; refetch: readonly QueryKey[] },
  options: WriteOptions = {},
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      toast(typeof notices.success === 'function' ? notices.success(result) : notices.success);
      options.onSuccess?.();
      await Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: notifyFailure('Error', notices.failure),
  });
};
