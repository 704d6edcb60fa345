import { type RegionBody, regionSchema } from '@dm/events/http';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { useRefreshLocations } from './use-refresh-locations';

export const createRegion = (body: RegionBody) => api.post('/api/regions', { body, schema: regionSchema });

export const useCreateRegion = (options: { onSuccess?: () => void } = {}) => {
  const refresh = useRefreshLocations();
  return useMutation({
    mutationFn: createRegion,
    onSuccess: async () => {
      toast({ title: 'Region Created' });
      options.onSuccess?.();
      await refresh();
    },
    onError: notifyFailure('Error', 'Failed to create region'),
  });
};
