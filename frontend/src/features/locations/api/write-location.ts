import { type CountryBody, countrySchema, type RegionBody, regionSchema } from '@dm/events/http';
import type { ToastInput } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { useNotifiedMutation, type WriteOptions } from '@/lib/use-notified-mutation';
import { locationFailure } from './location-failure';
import { locationsKeys } from './query-keys';

type Named = { code: string; name: string };
const done =
  (title: string, what: string) =>
  (place: Named): ToastInput => ({
    title,
    description: `${place.name} (${place.code}) ${what}`,
  });

/**
 * Regions and countries are written alike: POST /api/{plural}, PATCH and DELETE /api/{plural}/{id}, with the
 * spec's notice titles (§8) and a description naming the place. Stores are written otherwise
 * (`create-store.ts`, `update-store.ts`).
 */
const kinds = {
  region: {
    path: '/api/regions',
    schema: regionSchema,
    created: { success: done('Region Created', 'was added'), failure: locationFailure('Failed to create region') },
    updated: { success: done('Region Updated', 'was saved'), failure: locationFailure('Failed to update region') },
    deleted: { success: done('Region Deleted', 'was deleted'), failure: locationFailure('Failed to delete region') },
  },
  country: {
    path: '/api/countries',
    schema: countrySchema,
    created: { success: done('Country Created', 'was added'), failure: locationFailure('Failed to create country') },
    updated: { success: done('Country Updated', 'was saved'), failure: locationFailure('Failed to update country') },
    deleted: {
      success: done('Country Deleted', 'was deleted'),
      failure: locationFailure('Failed to delete country'),
    },
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
export const saveLocation = <K extends LocationKind>(
  kind: K,
  id: number | undefined,
  body: BodyOf[K],
  idempotencyKey?: string,
) => {
  const { path, schema } = kinds[kind];
  return id === undefined
    ? api.post(path, { body, idempotencyKey, schema })
    : api.patch(`${path}/${id}`, { body, schema });
};

export const deleteLocation = (kind: LocationKind, id: number) => api.delete(`${kinds[kind].path}/${id}`);

export const useSaveLocation = <K extends LocationKind>(kind: K, id: number | undefined, options?: WriteOptions) => {
  const notices = id === undefined ? kinds[kind].created : kinds[kind].updated;
  return useNotifiedMutation(
    (body: BodyOf[K], idempotencyKey: string) => saveLocation(kind, id, body, idempotencyKey),
    { success: (saved) => notices.success(saved), failure: notices.failure, refetch },
    options,
  );
};

/** The place is passed whole so the notice can name it. */
export const useDeleteLocation = (kind: LocationKind) =>
  useNotifiedMutation((place: Named & { id: number }) => deleteLocation(kind, place.id), {
    success: (_, place) => kinds[kind].deleted.success(place),
    failure: kinds[kind].deleted.failure,
    refetch,
  });
