import { storeSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { locationFailure } from './location-failure';
import { locationsKeys } from './query-keys';

/** PATCH /api/stores/{id} with {isActive}: the Active toggle (spec §4). */
export const setStoreActive = ({ id, isActive }: { id: number; isActive: boolean }) =>
  api.patch(`/api/stores/${id}`, { body: { isActive }, schema: storeSchema });

export const useSetStoreActive = () =>
  useNotifiedMutation(setStoreActive, {
    success: { title: 'Store Updated', description: 'Store status has been updated' },
    failure: locationFailure('Failed to update store'),
    refetch: [locationsKeys.stores()],
  });
