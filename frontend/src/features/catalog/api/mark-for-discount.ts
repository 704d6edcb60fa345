import { type MarkCollectionsBody, type MarkProductsBody, type MarkResult, markResultSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import type { CatalogArea } from './query-keys';
import { useCatalogMutation } from './use-catalog-mutation';

type Action = 'mark' | 'unmark';
type Variables = { ids: string[]; brandId: number };

const notices = {
  products: {
    mark: { success: 'Products marked for discount', failure: 'Failed to mark products' },
    unmark: { success: 'Products unmarked from discount', failure: 'Failed to unmark products' },
  },
  collections: {
    mark: { success: 'Collections marked for discount', failure: 'Failed to mark collections' },
    unmark: { success: 'Collections unmarked from discount', failure: 'Failed to unmark collections' },
  },
};

/** POST /api/{area}/mark-for-discount or /unmark-for-discount; the body names the ids after the area. */
export const markForDiscount = (
  area: CatalogArea,
  action: Action,
  { ids, brandId }: Variables,
): Promise<MarkResult> => {
  const body: MarkProductsBody | MarkCollectionsBody =
    area === 'products' ? { productIds: ids, brandId } : { collectionIds: ids, brandId };
  return api.post(`/api/${area}/${action}-for-discount`, { body, schema: markResultSchema });
};

const counted = (n: number, area: CatalogArea) => `${n} ${n === 1 ? area.slice(0, -1) : area}`;
const outcome = { mark: 'now available for discount', unmark: 'no longer available for discount' };

export const useMarkForDiscount = (area: CatalogArea, action: Action) =>
  useCatalogMutation(area, (variables: Variables) => markForDiscount(area, action, variables), {
    ...notices[area][action],
    describe: (result) => `${counted(result.updated, area)} ${result.updated === 1 ? 'is' : 'are'} ${outcome[action]}`,
  });
