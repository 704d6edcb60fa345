import { type SyncedCodeStats, syncedCodeStatsSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { syncedCodesKeys } from './query-keys';

export const getSyncedCodeStats = (brandId: number | undefined): Promise<SyncedCodeStats> =>
  api.get('/api/synced-codes/stats', { query: { brandId }, schema: syncedCodeStatsSchema });

export const syncedCodeStatsQueryOptions = (brandId: number | undefined) =>
  queryOptions({ queryKey: syncedCodesKeys.stats(brandId), queryFn: () => getSyncedCodeStats(brandId) });

export const useSyncedCodeStats = (brandId: number | undefined) => useQuery(syncedCodeStatsQueryOptions(brandId));
