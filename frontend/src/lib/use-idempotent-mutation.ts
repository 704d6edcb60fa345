import { type DefaultError, useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useRef } from 'react';

/** 128 random bits; `crypto.getRandomValues` works outside secure contexts too, unlike `randomUUID`. */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The Idempotency-Key of a form (issue 22 §8): made when the form opens (the hook mounts), kept while its
 * submissions fail or go unanswered, made anew after a success or when the form is reset. The server answers a
 * second submission with the same key with the first one's result, so a double click creates one thing.
 */
export const useIdempotencyKey = () => {
  const key = useRef<string | null>(null);
  key.current ??= newIdempotencyKey();
  return {
    current: () => key.current ?? (key.current = newIdempotencyKey()),
    renew: () => {
      key.current = newIdempotencyKey();
    },
  };
};

/** Submissions with equal variables are one submission. */
const sameAs = (variables: unknown): string => String(JSON.stringify(variables));

export type IdempotentMutationOptions<TResult, TVariables> = Omit<
  UseMutationOptions<TResult, DefaultError, TVariables>,
  'mutationFn'
> & {
  readonly mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TResult>;
};

/**
 * `useMutation` for a creating form: every submission carries the form's Idempotency-Key, and one made while the
 * same one (equal variables) is in flight gets that one's outcome instead of being sent (the button's disabled
 * state only follows a render later, after the second click of a double click has already landed). Other
 * variables go as they would: a list's row actions may share one hook.
 */
export const useIdempotentMutation = <TResult, TVariables>({
  mutationFn,
  onSuccess,
  onSettled,
  ...options
}: IdempotentMutationOptions<TResult, TVariables>) => {
  const key = useIdempotencyKey();
  const inFlight = useRef(new Map<string, Promise<TResult>>());
  const mutation = useMutation<TResult, DefaultError, TVariables>({
    ...options,
    mutationFn: (variables) => mutationFn(variables, key.current()),
    onSuccess: (...args) => {
      key.renew();
      return onSuccess?.(...args);
    },
    onSettled: (...args) => {
      inFlight.current.delete(sameAs(args[2]));
      return onSettled?.(...args);
    },
  });
  const mutateAsync = ((...args: Parameters<typeof mutation.mutateAsync>) => {
    const same = sameAs(args[0]);
    const running = inFlight.current.get(same) ?? mutation.mutateAsync(...args);
    inFlight.current.set(same, running);
    return running;
  }) as typeof mutation.mutateAsync;
  return {
    ...mutation,
    mutateAsync,
    // Its failure is handled by the options' onError, as `mutate` does.
    mutate: ((...args: Parameters<typeof mutation.mutate>) => {
      mutateAsync(...args).catch(() => undefined);
    }) as typeof mutation.mutate,
    reset: () => {
      key.renew();
      mutation.reset();
    },
  };
};
