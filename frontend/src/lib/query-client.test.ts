import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('The query client', () => {
  it('should use the spec defaults: no retry, no focus refetch, no polling, never stale, 5 min cache', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
      gcTime: 300_000,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});
