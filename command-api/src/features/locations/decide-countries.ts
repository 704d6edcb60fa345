import { ConflictError, NotFoundError, type LocationEvent } from '@dm/events';
import type { CreateCountry, DeleteCountry, UpdateCountry } from './commands-types';
import { regionNotFound } from './decide-regions';
import { findCountryByCode, type Locations } from './state';

export const countryNotFound = (countryId: number) =>
  new NotFoundError(
    `Country ${countryId} was not found. It may have been deleted; reload and choose an existing country.`,
  );

const assertValid = (state: Locations, data: { code: string; regionId: number }, exceptId?: number) => {
  if (!state.regions.has(data.regionId)) throw regionNotFound(data.regionId);
  const taken = findCountryByCode(state, data.code);
  if (taken && taken.id !== exceptId)
    throw new ConflictError(`A country with code ${data.code} already exists (${taken.name}).`);
};

export const createCountry = ({ data, metadata }: CreateCountry, state: Locations): LocationEvent[] => {
  assertValid(state, data);
  return [{ type: 'CountryCreated', data: { countryId: state.lastCountryId + 1, ...data, createdAt: metadata.now } }];
};

export const updateCountry = ({ data, metadata }: UpdateCountry, state: Locations): LocationEvent[] => {
  const country = state.countries.get(data.countryId);
  if (!country) throw countryNotFound(data.countryId);
  if (country.code === data.code && country.name === data.name && country.regionId === data.regionId) return [];
  assertValid(state, data, country.id);
  return [{ type: 'CountryUpdated', data: { ...data, updatedAt: metadata.now } }];
};

export const deleteCountry = ({ data, metadata }: DeleteCountry, state: Locations): LocationEvent[] => {
  if (!state.countries.has(data.countryId)) throw countryNotFound(data.countryId);
  const stores = [...state.stores.values()].filter((s) => s.countryId === data.countryId).length;
  if (stores > 0) {
    const noun = stores === 1 ? '1 store' : `${stores} stores`;
    throw new ConflictError(`This country has ${noun} that must be deleted first.`);
  }
  return [{ type: 'CountryDeleted', data: { countryId: data.countryId, deletedAt: metadata.now } }];
};
