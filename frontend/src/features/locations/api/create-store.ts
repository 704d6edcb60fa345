import { type CreateStoreBody, createdStoreSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { locationFailure } from './location-failure';
import { locationsKeys } from './query-keys';

export const createStore = (body: CreateStoreBody) => api.post('/api/stores', { body, schema: createdStoreSchema });

export const useCreateStore = (options?: { onSuccess?: () => void }) =>
  useNotifiedMutation(
    createStore,
    {
      success: (store) => ({ title: 'Store Created', description: store.message }),
      failure: locationFailure('Failed to create store'),
      // The country list counts stores.
      refetch: [locationsKeys.stores(), locationsKeys.countries()],
    },
    options,
  );
