import { ConflictError, NotFoundError, type LocationEvent } from '@dm/events';
import type { CreateRegion, DeleteRegion, UpdateRegion } from './commands-types';
import { findRegionByCode, type Locations } from './state';

export const regionNotFound = (regionId: number) =>
  new NotFoundError(
    `Region ${regionId} was not found. It may have been deleted; reload and choose an existing region.`,
  );

const assertCodeFree = (state: Locations, code: string, exceptId?: number) => {
  const taken = findRegionByCode(state, code);
  if (taken && taken.id !== exceptId)
    throw new ConflictError(`A region with code ${code} already exists (${taken.name}).`);
};

export const createRegion = ({ data, metadata }: CreateRegion, state: Locations): LocationEvent[] => {
  assertCodeFree(state, data.code);
  return [{ type: 'RegionCreated', data: { regionId: state.lastRegionId + 1, ...data, createdAt: metadata.now } }];
};

export const updateRegion = ({ data, metadata }: UpdateRegion, state: Locations): LocationEvent[] => {
  const region = state.regions.get(data.regionId);
  if (!region) throw regionNotFound(data.regionId);
  if (region.code === data.code && region.name === data.name) return [];
  assertCodeFree(state, data.code, region.id);
  return [{ type: 'RegionUpdated', data: { ...data, updatedAt: metadata.now } }];
};

export const deleteRegion = ({ data, metadata }: DeleteRegion, state: Locations): LocationEvent[] => {
  if (!state.regions.has(data.regionId)) throw regionNotFound(data.regionId);
  const countries = [...state.countries.values()].filter((c) => c.regionId === data.regionId).length;
  if (countries > 0) {
    const noun = countries === 1 ? '1 country' : `${countries} countries`;
    throw new ConflictError(`This region has ${noun} that must be deleted first.`);
  }
  return [{ type: 'RegionDeleted', data: { regionId: data.regionId, deletedAt: metadata.now } }];
};
