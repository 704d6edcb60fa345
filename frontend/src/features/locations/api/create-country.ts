import { type CountryBody, countrySchema } from '@dm/events/http';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { useRefreshLocations } from './use-refresh-locations';

export const createCountry = (body: CountryBody) => api.post('/api/countries', { body, schema: countrySchema });

export const useCreateCountry = (options: { onSuccess?: () => void } = {}) => {
  const refresh = useRefreshLocations();
  return useMutation({
    mutationFn: createCountry,
    onSuccess: async () => {
      toast({ title: 'Country Created' });
      options.onSuccess?.();
      await refresh();
    },
    onError: notifyFailure('Error', 'Failed to create country'),
  });
};
