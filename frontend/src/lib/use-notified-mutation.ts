import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, type ToastInput } from '@/components/ui/use-toast';
import { failureNotice } from './failure-notice';

export type WriteNotices<TResult> = {
  success: ToastInput | ((result: TResult) => ToastInput);
  /** The failure notice's title, and its text when the server sends no message (spec §8). */
  failure: { title: string; fallback?: string };
};

/**
 * A write as every screen makes it: on success its notice, the caller's `onSuccess` (a dialog closes), then
 * the lists it changes are refetched before the mutation settles, so no list shows what was there before;
 * on failure the failure notice with the server's message.
 */
export const useNotifiedMutation = <TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  { success, failure, refetch }: WriteNotices<TResult> & { refetch: readonly QueryKey[] },
  options: { onSuccess?: (() => void) | undefined } = {},
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      toast(typeof success === 'function' ? success(result) : success);
      options.onSuccess?.();
      await Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => void toast(failureNotice(failure.title, error, failure.fallback)),
  });
};
