import {
  ConflictError,
  ForbiddenError,
  inBrandScope,
  NotFoundError,
  shopDomainOf,
  type LocationEvent,
} from '@dm/events';
import type { Actor, Decider } from '../../shared/command';
import type {
  CreateCountry,
  CreateRegion,
  CreateStore,
  DeleteCountry,
  DeleteRegion,
  LocationCommand,
  MoveStore,
  SetStoreActive,
  UpdateCountry,
  UpdateRegion,
} from './commands';
import { evolve, initialState, type CountryState, type Locations, type RegionState } from './state';

// ── Rules shared by regions and countries ──

type Place = 'region' | 'country';
const capitalised = { region: 'Region', country: 'Country' } as const;

const notFound = (place: Place, id: number) =>
  new NotFoundError(
    `${capitalised[place]} ${id} was not found. It may have been deleted; reload and choose an existing ${place}.`,
  );

const count = <T>(items: Map<number, T>, belongs: (item: T) => boolean) => [...items.values()].filter(belongs).length;

const assertCodeFree = (place: Place, taken: RegionState | CountryState | undefined, exceptId?: number) => {
  if (taken && taken.id !== exceptId) {
    throw new ConflictError(`A ${place} with code ${taken.code} already exists (${taken.name}).`);
  }
};
const byCode = <T extends { code: string }>(items: Map<number, T>, code: string) =>
  [...items.values()].find((item) => item.code === code);

/**
 * Deletes only when empty, in the spec's words: 'This region has 2 countries that must be deleted first.'
 * Stores are never deleted (their history matters): a country's stores are moved to another country first.
 */
const inUse = (place: Place, n: number, one: string, many: string, fix = 'deleted') =>
  new ConflictError(`This ${place} has ${n === 1 ? `1 ${one}` : `${n} ${many}`} that must be ${fix} first.`);

// ── Regions ──

const createRegion = ({ data, metadata }: CreateRegion, state: Locations): LocationEvent[] => {
  assertCodeFree('region', byCode(state.regions, data.code));
  return [{ type: 'RegionCreated', data: { regionId: state.lastRegionId + 1, ...data, createdAt: metadata.now } }];
};

const updateRegion = ({ data, metadata }: UpdateRegion, state: Locations): LocationEvent[] => {
  const region = state.regions.get(data.regionId);
  if (!region) throw notFound('region', data.regionId);
  if (region.code === data.code && region.name === data.name) return [];
  assertCodeFree('region', byCode(state.regions, data.code), region.id);
  return [{ type: 'RegionUpdated', data: { ...data, updatedAt: metadata.now } }];
};

const deleteRegion = ({ data, metadata }: DeleteRegion, state: Locations): LocationEvent[] => {
  if (!state.regions.has(data.regionId)) throw notFound('region', data.regionId);
  const countries = count(state.countries, (c) => c.regionId === data.regionId);
  if (countries > 0) throw inUse('region', countries, 'country', 'countries');
  return [{ type: 'RegionDeleted', data: { regionId: data.regionId, deletedAt: metadata.now } }];
};

// ── Countries ──

const assertCountryValid = (state: Locations, data: { code: string; regionId: number }, exceptId?: number) => {
  if (!state.regions.has(data.regionId)) throw notFound('region', data.regionId);
  assertCodeFree('country', byCode(state.countries, data.code), exceptId);
};

const createCountry = ({ data, metadata }: CreateCountry, state: Locations): LocationEvent[] => {
  assertCountryValid(state, data);
  return [{ type: 'CountryCreated', data: { countryId: state.lastCountryId + 1, ...data, createdAt: metadata.now } }];
};

const updateCountry = ({ data, metadata }: UpdateCountry, state: Locations): LocationEvent[] => {
  const country = state.countries.get(data.countryId);
  if (!country) throw notFound('country', data.countryId);
  if (country.code === data.code && country.name === data.name && country.regionId === data.regionId) return [];
  assertCountryValid(state, data, country.id);
  return [{ type: 'CountryUpdated', data: { ...data, updatedAt: metadata.now } }];
};

const deleteCountry = ({ data, metadata }: DeleteCountry, state: Locations): LocationEvent[] => {
  if (!state.countries.has(data.countryId)) throw notFound('country', data.countryId);
  const stores = count(state.stores, (s) => s.countryId === data.countryId);
  if (stores > 0) throw inUse('country', stores, 'store', 'stores', 'moved to another country');
  return [{ type: 'CountryDeleted', data: { countryId: data.countryId, deletedAt: metadata.now } }];
};

// ── Stores ──

const mayUseBrand = (actor: Actor, brandId: number) => actor.id === 'system' || inBrandScope(actor.brandIds, brandId);

/** 'Aurora DE', or 'Aurora DE (aurora-de-outlet)' when a store already has that name: staff tell stores apart by name. */
const uniqueStoreName = (state: Locations, name: string, urlSlug: string) =>
  [...state.stores.values()].some((s) => s.name === name) ? `${name} (${urlSlug})` : name;

const createStore = ({ data, metadata }: CreateStore, state: Locations): LocationEvent[] => {
  if (!mayUseBrand(metadata.actor, data.brandId))
    throw new ForbiddenError(`You do not have access to brand ${data.brandId}.`);
  const country = state.countries.get(data.countryId);
  if (!country) throw notFound('country', data.countryId);
  if ([...state.stores.values()].some((s) => s.urlSlug === data.urlSlug)) {
    throw new ConflictError(`A store with URL slug ${data.urlSlug} already exists. Choose another slug.`);
  }
  return [
    {
      type: 'StoreCreated',
      data: {
        storeId: state.lastStoreId + 1,
        name: uniqueStoreName(state, `${data.brandName} ${country.code}`, data.urlSlug),
        urlSlug: data.urlSlug,
        shopifyDomain: shopDomainOf(data.urlSlug),
        brandId: data.brandId,
        countryId: country.id,
        createdAt: metadata.now,
      },
    },
  ];
};

const setStoreActive = ({ data, metadata }: SetStoreActive, state: Locations): LocationEvent[] => {
  const store = storeOf(state, metadata.actor, data.storeId);
  if (store.isActive === data.isActive) return [];
  return data.isActive
    ? [{ type: 'StoreActivated', data: { storeId: store.id, activatedAt: metadata.now } }]
    : [{ type: 'StoreDeactivated', data: { storeId: store.id, deactivatedAt: metadata.now } }];
};

const storeOf = (state: Locations, actor: Actor, storeId: number) => {
  const store = state.stores.get(storeId);
  // A store of a brand the caller lacks is answered like a missing one: its existence is not theirs to know.
  if (!store || !mayUseBrand(actor, store.brandId)) throw new NotFoundError(`Store ${storeId} was not found.`);
  return store;
};

const moveStore = ({ data, metadata }: MoveStore, state: Locations): LocationEvent[] => {
  const store = storeOf(state, metadata.actor, data.storeId);
  if (!state.countries.has(data.countryId)) throw notFound('country', data.countryId);
  if (store.countryId === data.countryId) return [];
  return [{ type: 'StoreMoved', data: { storeId: store.id, countryId: data.countryId, movedAt: metadata.now } }];
};

// ── Decide ──

/** Regions, countries and stores (stream `locations`): codes and slugs unique, deletes only when empty. */
export const decide = (command: LocationCommand, state: Locations): LocationEvent[] => {
  switch (command.type) {
    case 'CreateRegion':
      return createRegion(command, state);
    case 'UpdateRegion':
      return updateRegion(command, state);
    case 'DeleteRegion':
      return deleteRegion(command, state);
    case 'CreateCountry':
      return createCountry(command, state);
    case 'UpdateCountry':
      return updateCountry(command, state);
    case 'DeleteCountry':
      return deleteCountry(command, state);
    case 'CreateStore':
      return createStore(command, state);
    case 'SetStoreActive':
      return setStoreActive(command, state);
    case 'MoveStore':
      return moveStore(command, state);
  }
};

export const locationsDecider: Decider<Locations, LocationCommand, LocationEvent> = { decide, evolve, initialState };
