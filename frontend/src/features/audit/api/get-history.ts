import { historyPageSchema } from '@dm/events/http';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './query-keys';

/** One entity's story ('discount:<id>', 'store:3', 'user:<email>'), oldest first, a page at a time. */
export const historyQueryOptions = (entity: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.history(entity),
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/history', {
        query: { entity, after: pageParam ?? undefined, limit: 50 },
        schema: historyPageSchema,
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    // The log moves on: each opening reads it again (the app's default is never stale).
    staleTime: 0,
  });

export const useHistory = (entity: string) => useInfiniteQuery(historyQueryOptions(entity));
