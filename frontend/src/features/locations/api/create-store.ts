import { type CreateStoreBody, createdStoreSchema, tokenVariableOf } from '@dm/events/http';
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
        description: `${store.name} (${store.urlSlug}) was added. Add its API token as the secret ${tokenVariableOf(store.urlSlug)}.`,
      }),
      failure: locationFailure('Failed to create store'),
      // The country list counts stores.
      refetch: [locationsKeys.stores(), locationsKeys.countries()],
    },
    options,
  );
