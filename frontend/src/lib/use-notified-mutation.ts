import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { toast, type ToastInput } from '@/components/ui/use-toast';
import { failureNotice } from './failure-notice';
import { useIdempotentMutation } from './use-idempotent-mutation';

export type WriteNotices<TResult, TVariables> = {
  /** The outcome: the spec's title, and a description naming what changed ('Aurora GB is now inactive'). */
  success: ToastInput | ((result: TResult, variables: TVariables) => ToastInput);
  /**
   * The failure notice's title, and its text when the server sends no message (spec §8); or the whole notice
   * built from the error, where the spec words it from the message itself (the create-discount title split).
   */
  failure: { title: string; fallback?: string } | ((error: unknown) => ToastInput);
};

export type WriteOptions = {
  /** A dialog closes, a selection clears. */
  onSuccess?: (() => void) | undefined;
  /** Shows a failure about one field at that field and answers true; the write then shows no toast. */
  atField?: ((error: unknown) => boolean) | undefined;
};

/**
 * A write as every screen makes it: on success its notice, the caller's `onSuccess` (a dialog closes), then
 * the lists it changes are refetched before the mutation settles, so no list shows what was there before;
 * on failure the error at its field when it is about one, else the failure notice with the server's message.
 * It is sent with the form's Idempotency-Key (`useIdempotentMutation`); a creating call passes it on.
 */
export const useNotifiedMutation = <TVariables, TResult>(
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TResult>,
  { success, failure, refetch }: WriteNotices<TResult, TVariables> & { refetch: readonly QueryKey[] },
  options: WriteOptions = {},
) => {
  const queryClient = useQueryClient();
  return useIdempotentMutation<TResult, TVariables>({
    mutationFn,
    onSuccess: async (result, variables) => {
      toast(typeof success === 'function' ? success(result, variables) : success);
      options.onSuccess?.();
      await Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (options.atField?.(error)) return;
      toast(typeof failure === 'function' ? failure(error) : failureNotice(failure.title, error, failure.fallback));
    },
  });
};
