import { type LocationEvent } from '@dm/events';

export interface RegionState {
  readonly id: number;
  readonly code: string;
  readonly name: string;
}
export interface CountryState {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly regionId: number;
}
export interface StoreState {
  readonly id: number;
  readonly name: string;
  readonly urlSlug: string;
  readonly shopifyDomain: string;
  readonly brandId: number;
  readonly countryId: number;
  readonly isActive: boolean;
}

/** Everything in the `locations` stream; ids are handed out per kind and never reused after a delete. */
export interface Locations {
  readonly lastRegionId: number;
  readonly lastCountryId: number;
  readonly lastStoreId: number;
  readonly regions: Map<number, RegionState>;
  readonly countries: Map<number, CountryState>;
  readonly stores: Map<number, StoreState>;
}

const empty = (): Locations => ({
  lastRegionId: 0,
  lastCountryId: 0,
  lastStoreId: 0,
  regions: new Map(),
  countries: new Map(),
  stores: new Map(),
});

export const initialState: Locations = Object.freeze(empty());

/**
 * The stream holds every store (thousands), so copying the maps per event would make a fold quadratic.
 * Each fold starts from `initialState`, which is never touched: the first event swaps in a fresh state
 * that this fold alone owns and then updates in place.
 */
export const evolve = (current: Locations, event: LocationEvent): Locations => {
  const state = current === initialState ? empty() : current;
  switch (event.type) {
    case 'RegionCreated':
    case 'RegionUpdated': {
      const { regionId: id, code, name } = event.data;
      state.regions.set(id, { id, code, name });
      return { ...state, lastRegionId: Math.max(state.lastRegionId, id) };
    }
    case 'RegionDeleted':
      state.regions.delete(event.data.regionId);
      return state;
    case 'CountryCreated':
    case 'CountryUpdated': {
      const { countryId: id, code, name, regionId } = event.data;
      state.countries.set(id, { id, code, name, regionId });
      return { ...state, lastCountryId: Math.max(state.lastCountryId, id) };
    }
    case 'CountryDeleted':
      state.countries.delete(event.data.countryId);
      return state;
    case 'StoreCreated': {
      const { storeId: id, name, urlSlug, shopifyDomain, brandId, countryId } = event.data;
      state.stores.set(id, { id, name, urlSlug, shopifyDomain, brandId, countryId, isActive: true });
      return { ...state, lastStoreId: Math.max(state.lastStoreId, id) };
    }
    case 'StoreActivated':
    case 'StoreDeactivated': {
      const store = state.stores.get(event.data.storeId);
      if (store) state.stores.set(store.id, { ...store, isActive: event.type === 'StoreActivated' });
      return state;
    }
    case 'StoreMoved': {
      const store = state.stores.get(event.data.storeId);
      if (store) state.stores.set(store.id, { ...store, countryId: event.data.countryId });
      return state;
    }
  }
};
