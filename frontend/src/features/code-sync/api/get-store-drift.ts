import { type StoreDriftAnswer, storeDriftAnswerSchema } from '@dm/events/http';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { codeSyncKeys } from './query-keys';

export const getStoreDrift = (storeId: number): Promise<StoreDriftAnswer> =>
  api.get(`/api/stores/${storeId}/drift`, { schema: storeDriftAnswerSchema });

/** Asked when the store's status counts drifted discounts, and again whenever that count changes. */
export const useStoreDrift = (storeId: number, drifted: number) =>
  useQuery({
    queryKey: [...codeSyncKeys.all, 'drift', storeId, drifted] as const,
    queryFn: () => getStoreDrift(storeId),
    enabled: drifted > 0,
  });
