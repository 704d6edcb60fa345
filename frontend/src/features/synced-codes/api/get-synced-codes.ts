import { type SyncedCodesPage, syncedCodesPageSchema } from '@dm/events/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { syncedCodesKeys, type SyncedCodesFilter } from './query-keys';

/** Spec §9: 50 codes a page. */
export const SYNCED_CODES_PAGE_SIZE = 50;

export const getSyncedCodes = (filter: SyncedCodesFilter): Promise<SyncedCodesPage> =>
  api.get('/api/synced-codes', {
    query: { ...filter, search: filter.search || undefined, limit: SYNCED_CODES_PAGE_SIZE },
    schema: syncedCodesPageSchema,
  });

export const syncedCodesQueryOptions = (filter: SyncedCodesFilter) =>
  queryOptions({ queryKey: syncedCodesKeys.list(filter), queryFn: () => getSyncedCodes(filter) });

/** The previous page stays on screen while the next one loads (no flash of skeletons between pages). */
export const useSyncedCodes = (filter: SyncedCodesFilter) =>
  useQuery({ ...syncedCodesQueryOptions(filter), placeholderData: keepPreviousData });
