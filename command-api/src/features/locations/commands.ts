import type { Command } from '../../shared/command';

export type CreateRegion = Command<'CreateRegion', { code: string; name: string }>;
export type UpdateRegion = Command<'UpdateRegion', { regionId: number; code: string; name: string }>;
export type DeleteRegion = Command<'DeleteRegion', { regionId: number }>;
export type CreateCountry = Command<'CreateCountry', { code: string; name: string; regionId: number }>;
export type UpdateCountry = Command<
  'UpdateCountry',
  { countryId: number; code: string; name: string; regionId: number }
>;
export type DeleteCountry = Command<'DeleteCountry', { countryId: number }>;
/** `brandName` is resolved by the caller (the brand directory) so the decider stays pure. */
export type CreateStore = Command<
  'CreateStore',
  { urlSlug: string; brandId: number; brandName: string; countryId: number }
>;
export type SetStoreActive = Command<'SetStoreActive', { storeId: number; isActive: boolean }>;
export type MoveStore = Command<'MoveStore', { storeId: number; countryId: number }>;

export type LocationCommand =
  | CreateRegion
  | UpdateRegion
  | DeleteRegion
  | CreateCountry
  | UpdateCountry
  | DeleteCountry
  | CreateStore
  | SetStoreActive
  | MoveStore;
