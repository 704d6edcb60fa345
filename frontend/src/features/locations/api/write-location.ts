import { type CountryBody, countrySchema, type RegionBody, regionSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { locationFailure } from './location-failure';
import { locationsKeys } from './query-keys';

/**
 * Regions and countries are written alike: POST /api/{plural}, PATCH and DELETE /api/{plural}/{id}, with the
 * spec's notices (§8). Stores are written otherwise (`create-store.ts`, `update-store.ts`).
 */
const kinds = {
  region: {
    path: '/api/regions',
    schema: regionSchema,
    created: { success: { title: 'Region Created' }, failure: locationFailure('Failed to create region') },
    updated: { success: { title: 'Region Updated' }, failure: locationFailure('Failed to update region') },
    deleted: { success: { title: 'Region Deleted' }, failure: locationFailure('Failed to delete region') },
  },
  country: {
    path: '/api/countries',
    schema: countrySchema,
    created: { success: { title: 'Country Created' }, failure: locationFailure('Failed to create country') },
    updated: { success: { title: 'Country Updated' }, failure: locationFailure('Failed to update country') },
    deleted: { success: { title: 'Country Deleted' }, failure: locationFailure('Failed to delete country') },
  },
};

export type LocationKind = keyof typeof kinds;
type BodyOf = { region: RegionBody; country: CountryBody };

/**
 * Regions count countries, countries count stores and carry their region, stores show their country: a
 * region or country change refreshes all three lists (spec §4: deleting a region also refreshes countries,
 * deleting a country also refreshes stores).
 */
const refetch = [locationsKeys.all];

/** Creates the region or country, or updates it when `id` is given. */
export const saveLocation = <K extends LocationKind>(kind: K, id: number | undefined, body: BodyOf[K]) => {
  const { path, schema } = kinds[kind];
  return id === undefined ? api.post(path, { body, schema }) : api.patch(`${path}/${id}`, { body, schema });
};

export const deleteLocation = (kind: LocationKind, id: number) => api.delete(`${kinds[kind].path}/${id}`);

export const useSaveLocation = <K extends LocationKind>(
  kind: K,
  id: number | undefined,
  options?: { onSuccess?: () => void },
) =>
  useNotifiedMutation(
    (body: BodyOf[K]) => saveLocation(kind, id, body),
    { ...(id === undefined ? kinds[kind].created : kinds[kind].updated), refetch },
    options,
  );

export const useDeleteLocation = (kind: LocationKind) =>
  useNotifiedMutation((id: number) => deleteLocation(kind, id), { ...kinds[kind].deleted, refetch });
