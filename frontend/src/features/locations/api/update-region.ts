import { type RegionBody, regionSchema } from '@dm/events/http';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { useRefreshLocations } from './use-refresh-locations';

export const updateRegion = ({ id, ...body }: RegionBody & { id: number }) =>
  api.patch(`/api/regions/${id}`, { body, schema: regionSchema });

export const useUpdateRegion = (options: { onSuccess?: () => void } = {}) => {
  const refresh = useRefreshLocations();
  return useMutation({
    mutationFn: updateRegion,
    onSuccess: async () => {
      toast({ title: 'Region Updated' });
      options.onSuccess?.();
      await refresh();
    },
    onError: notifyFailure('Error', 'Failed to update region'),
  });
};
