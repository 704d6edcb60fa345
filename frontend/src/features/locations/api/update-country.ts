import { type CountryBody, countrySchema } from '@dm/events/http';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { useRefreshLocations } from './use-refresh-locations';

export const updateCountry = ({ id, ...body }: CountryBody & { id: number }) =>
  api.patch(`/api/countries/${id}`, { body, schema: countrySchema });

export const useUpdateCountry = (options: { onSuccess?: () => void } = {}) => {
  const refresh = useRefreshLocations();
  return useMutation({
    mutationFn: updateCountry,
    onSuccess: async () => {
      toast({ title: 'Country Updated' });
      options.onSuccess?.();
      await refresh();
    },
    onError: notifyFailure('Error', 'Failed to update country'),
  });
};
