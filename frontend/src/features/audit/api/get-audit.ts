import { auditPageSchema, type AuditFilter } from '@dm/events/http';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './query-keys';

const pageSize = 50;

/** The Audit list, newest first; each 'Load more' asks for the events before the last one shown. */
export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/audit', {
        query: { ...filter, after: pageParam ?? undefined, limit: pageSize },
        schema: auditPageSchema,
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    // The log moves on: each opening reads it again (the app's default is never stale).
    staleTime: 0,
  });

export const useAudit = (filter: AuditFilter) => useInfiniteQuery(auditQueryOptions(filter));

/** The same filter as a download: the browser streams the file (its session cookie goes with it). */
export const auditExportUrl = (filter: AuditFilter, format: 'csv' | 'jsonl'): string => {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  return `/api/audit/export?${params.toString()}`;
};
