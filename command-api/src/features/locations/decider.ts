import type { LocationEvent } from '@dm/events';
import type { Decider } from '../../shared/command';
import type { LocationCommand } from './commands-types';
import { createCountry, deleteCountry, updateCountry } from './decide-countries';
import { createRegion, deleteRegion, updateRegion } from './decide-regions';
import { createStore, setStoreActive } from './decide-stores';
import { evolve, initialState, type Locations } from './state';

export type * from './commands-types';
export type { Locations } from './state';

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
  }
};

export const locationsDecider = { decide, evolve, initialState } satisfies Decider<
  Locations,
  LocationCommand,
  LocationEvent
>;
