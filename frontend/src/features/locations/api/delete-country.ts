import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { useRefreshLocations } from './use-refresh-locations';

export const deleteCountry = (id: number) => api.delete(`/api/countries/${id}`);

export const useDeleteCountry = (options: { onSuccess?: () => void } = {}) => {
  const refresh = useRefreshLocations();
  return useMutation({
    mutationFn: deleteCountry,
    onSuccess: async () => {
      toast({ title: 'Country Deleted' });
      options.onSuccess?.();
      await refresh();
    },
    onError: notifyFailure('Error', 'Failed to delete country'),
  });
};
