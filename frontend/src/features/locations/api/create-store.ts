import { type CreateStoreBody, createdStoreSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { locationsKeys } from './query-keys';
import { useLocationMutation, type WriteOptions } from './use-location-mutation';

export const createStore = (body: CreateStoreBody) => api.post('/api/stores', { body, schema: createdStoreSchema });

export const useCreateStore = (options?: WriteOptions) =>
  useLocationMutation(
    createStore,
    {
      notices: {
        success: (store) => ({ title: 'Store Created', description: store.message }),
        failure: 'Failed to create store',
      },
      // The country list counts stores.
      refetch: [locationsKeys.stores(), locationsKeys.countries()],
    },
    options,
  );
