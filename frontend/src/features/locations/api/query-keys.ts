export const locationsKeys = {
  all: ['locations'] as const,
  stores: () => [...locationsKeys.all, 'stores'] as const,
  storeList: (filter: { brandId?: number } = {}) => [...locationsKeys.stores(), filter] as const,
  countries: () => [...locationsKeys.all, 'countries'] as const,
  regions: () => [...locationsKeys.all, 'regions'] as const,
};
