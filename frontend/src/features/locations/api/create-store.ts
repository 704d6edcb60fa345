import { type CreateStoreBody, createdStoreSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation, type WriteOptions } from '@/lib/use-notified-mutation';
import { locationFailure } from './location-failure';
import { locationsKeys } from './query-keys';

export const createStore = (body: CreateStoreBody, idempotencyKey?: string) =>
  api.post('/api/stores', { body, idempotencyKey, schema: createdStoreSchema });

export const useCreateStore = (options?: WriteOptions) =>
  useNotifiedMutation(
    createStore,
    {
      success: (store) => ({
        title: 'Store Created',
        // The server's message says, in words, what to ask for before the store can be used.
        description: store.message,
      }),
      failure: locationFailure('Failed to create store'),
      // The country list counts stores.
      refetch: [locationsKeys.stores(), locationsKeys.countries()],
    },
    options,
  );
