import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { useRefreshLocations } from './use-refresh-locations';

export const deleteRegion = (id: number) => api.delete(`/api/regions/${id}`);

export const useDeleteRegion = (options: { onSuccess?: () => void } = {}) => {
  const refresh = useRefreshLocations();
  return useMutation({
    mutationFn: deleteRegion,
    onSuccess: async () => {
      toast({ title: 'Region Deleted' });
      options.onSuccess?.();
      await refresh();
    },
    onError: notifyFailure('Error', 'Failed to delete region'),
  });
};
