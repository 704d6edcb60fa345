import { type CountryListItem, countryListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { locationsKeys } from './query-keys';

export const getCountries = (): Promise<CountryListItem[]> => api.get('/api/countries', { schema: countryListSchema });

export const countriesQueryOptions = () => queryOptions({ queryKey: locationsKeys.countries(), queryFn: getCountries });

export const useCountries = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...countriesQueryOptions(), enabled: options.enabled ?? true });
