import { type StoreListItem, storeSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation, type WriteOptions } from '@/lib/use-notified-mutation';
import { locationFailure } from './location-failure';
import { locationsKeys } from './query-keys';

type Target = Pick<StoreListItem, 'id' | 'name'>;

/** PATCH /api/stores/{id} with {isActive}: the Active toggle (spec §4). */
export const setStoreActive = ({ id, isActive }: Target & { isActive: boolean }) =>
  api.patch(`/api/stores/${id}`, { body: { isActive }, schema: storeSchema });

/** PATCH /api/stores/{id} with {countryId}: the store moves; its name, slug and history stay. */
export const moveStore = ({ id, countryId }: Target & { countryId: number; countryName: string }) =>
  api.patch(`/api/stores/${id}`, { body: { countryId }, schema: storeSchema });

export const useSetStoreActive = () =>
  useNotifiedMutation(setStoreActive, {
    success: (_, store) => ({
      title: 'Store Updated',
      description: `${store.name} is now ${store.isActive ? 'active' : 'inactive'}`,
    }),
    failure: locationFailure('Failed to update store'),
    refetch: [locationsKeys.stores()],
  });

export const useMoveStore = (options?: WriteOptions) =>
  useNotifiedMutation(
    moveStore,
    {
      success: (_, store) => ({
        title: 'Store Updated',
        description: `${store.name} now belongs to ${store.countryName}`,
      }),
      failure: locationFailure('Failed to update store'),
      // Countries count their stores; the store shows its country and region.
      refetch: [locationsKeys.all],
    },
    options,
  );
