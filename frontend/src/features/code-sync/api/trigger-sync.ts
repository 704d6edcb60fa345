import { type CodeSyncAccepted, codeSyncAcceptedSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { codeSyncKeys } from './query-keys';

export type TriggerSync = { storeId: number; storeName: string; incremental: boolean };

/** POST /api/stores/{id}/code-sync/trigger: Full Sync and Resume Sync send false, Incremental Update true. */
export const triggerSync = (
  { storeId, incremental }: TriggerSync,
  idempotencyKey?: string,
): Promise<CodeSyncAccepted> =>
  api.post(`/api/stores/${storeId}/code-sync/trigger`, {
    body: { incremental },
    idempotencyKey,
    schema: codeSyncAcceptedSchema,
  });

export const useTriggerSync = (storeId: number, options: { onSuccess?: () => void } = {}) =>
  useNotifiedMutation(
    triggerSync,
    {
      success: (result, { storeName, incremental }) => ({
        title: 'Sync Started',
        description: `Code synchronization has been started in the background: ${
          result.resumed ? 'resuming the stalled sync of' : incremental ? 'an incremental update of' : 'a full sync of'
        } ${storeName}.`,
      }),
      failure: { title: 'Sync Failed', fallback: 'Failed to start synchronization.' },
      refetch: [codeSyncKeys.status(storeId)],
    },
    options,
  );
