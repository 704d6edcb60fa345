import { type CreateStoreBody, createdStoreSchema } from '@dm/events/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { locationsKeys } from './query-keys';

export const createStore = (body: CreateStoreBody) => api.post('/api/stores', { body, schema: createdStoreSchema });

export const useCreateStore = (options: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    onSuccess: async (store) => {
      toast({ title: 'Store Created', description: store.message });
      options.onSuccess?.();
      // The country list counts stores.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: locationsKeys.stores() }),
        queryClient.invalidateQueries({ queryKey: locationsKeys.countries() }),
      ]);
    },
    onError: notifyFailure('Error', 'Failed to create store'),
  });
};
