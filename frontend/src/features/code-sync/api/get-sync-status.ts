import { type CodeSyncStatus, codeSyncStatusSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { codeSyncKeys } from './query-keys';

/** Spec §7, §9: every store's status, polled every 5 seconds. */
export const SYNC_STATUS_POLL_MS = 5000;

export const getSyncStatus = (storeId: number): Promise<CodeSyncStatus> =>
  api.get(`/api/stores/${storeId}/code-sync/status`, { schema: codeSyncStatusSchema });

export const syncStatusQueryOptions = (storeId: number) =>
  queryOptions({ queryKey: codeSyncKeys.status(storeId), queryFn: () => getSyncStatus(storeId) });

export const useSyncStatus = (storeId: number) =>
  useQuery({ ...syncStatusQueryOptions(storeId), refetchInterval: SYNC_STATUS_POLL_MS });
