import { storeSchema } from '@dm/events/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { locationsKeys } from './query-keys';

/** PATCH /api/stores/{id} with {isActive}: the Active toggle (spec §4). */
export const setStoreActive = ({ id, isActive }: { id: number; isActive: boolean }) =>
  api.patch(`/api/stores/${id}`, { body: { isActive }, schema: storeSchema });

export const useSetStoreActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStoreActive,
    onSuccess: async () => {
      toast({ title: 'Store Updated', description: 'Store status has been updated' });
      await queryClient.invalidateQueries({ queryKey: locationsKeys.stores() });
    },
    onError: notifyFailure('Error', 'Failed to update store'),
  });
};
