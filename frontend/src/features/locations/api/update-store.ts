import { storeSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { locationsKeys } from './query-keys';
import { useLocationMutation } from './use-location-mutation';

/** PATCH /api/stores/{id} with {isActive}: the Active toggle (spec §4). */
export const setStoreActive = ({ id, isActive }: { id: number; isActive: boolean }) =>
  api.patch(`/api/stores/${id}`, { body: { isActive }, schema: storeSchema });

export const useSetStoreActive = () =>
  useLocationMutation(setStoreActive, {
    notices: {
      success: { title: 'Store Updated', description: 'Store status has been updated' },
      failure: 'Failed to update store',
    },
    refetch: [locationsKeys.stores()],
  });
