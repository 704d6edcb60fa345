import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { useIdempotentMutation } from './use-idempotent-mutation';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

/** A write whose answers the test hands out one by one, recording the key of each call. */
const controlledWrite = () => {
  const keys: string[] = [];
  const answers: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const write = (_: string, key: string) => {
    keys.push(key);
    return new Promise<string>((resolve, reject) => answers.push({ resolve, reject }));
  };
  return { keys, answers, write };
};

describe('When a form submits twice while its first submission is in flight', () => {
  it('should send it once, and still send other variables (row actions sharing the hook)', async () => {
    const { keys, answers, write } = controlledWrite();
    const { result } = renderHook(() => useIdempotentMutation({ mutationFn: write }), { wrapper });
    act(() => {
      result.current.mutate('a');
      result.current.mutate('a');
      result.current.mutate('b');
    });
    await waitFor(() => expect(keys).toHaveLength(2));
    act(() => answers.forEach((answer) => answer.resolve('done')));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(keys).toHaveLength(2);
  });
});

describe('When a submission fails and the form is sent again', () => {
  it('should send the same key; a new one once the form is reset, and again after a success', async () => {
    const { keys, answers, write } = controlledWrite();
    const { result } = renderHook(() => useIdempotentMutation({ mutationFn: write }), { wrapper });
    const send = async (value: string, outcome: 'fail' | 'succeed') => {
      const n = answers.length;
      act(() => result.current.mutate(value));
      await waitFor(() => expect(answers).toHaveLength(n + 1));
      act(() => (outcome === 'fail' ? answers[n]!.reject(new Error('503')) : answers[n]!.resolve('done')));
      await waitFor(() => expect(result.current.isPending).toBe(false));
    };
    await send('a', 'fail');
    await send('a', 'fail');
    act(() => result.current.reset());
    await send('b', 'succeed');
    await send('c', 'succeed');

    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(new Set(keys).size).toBe(3);
  });
});
