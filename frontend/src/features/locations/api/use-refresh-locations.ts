import { useQueryClient } from '@tanstack/react-query';
import { locationsKeys } from './query-keys';

/**
 * Regions count countries, countries count stores and carry their region, stores show their country: a
 * region or country change refreshes all three lists (spec §4: deleting a region also refreshes countries,
 * deleting a country also refreshes stores).
 */
export const useRefreshLocations = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: locationsKeys.all });
};
