import { type MarkCollectionsBody, type MarkProductsBody, type MarkResult, markResultSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import type { CatalogArea } from './query-keys';
import { useCatalogMutation } from './use-catalog-mutation';

type Action = 'mark' | 'unmark';
/** `chosen`: the selected groups by name and stores, for the notice; `ids` their group ids (decision 0660). */
type Variables = { ids: string[]; brandId: number; chosen: readonly { name: string; stores: string }[] };

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
  { ids, brandId }: Pick<Variables, 'ids' | 'brandId'>,
): Promise<MarkResult> => {
  const body: MarkProductsBody | MarkCollectionsBody =
    area === 'products' ? { productIds: ids, brandId } : { collectionIds: ids, brandId };
  return api.post(`/api/${area}/${action}-for-discount`, { body, schema: markResultSchema });
};

/** What changed, in every store of each group: 'Trail Jacket is now available for discount in A, B and C'. */
export const markOutcome = (area: CatalogArea, action: Action, chosen: Variables['chosen']): string => {
  const [one] = chosen;
  if (chosen.length === 1 && one)
    return action === 'mark'
      ? `${one.name} is now available for discount in ${one.stores}`
      : `${one.name} is no longer available for discount in ${one.stores}`;
  return action === 'mark'
    ? `${chosen.length} ${area} are now available for discount in every store they are linked in`
    : `${chosen.length} ${area} are no longer available for discount in any of their stores`;
};

export const useMarkForDiscount = (area: CatalogArea, action: Action) =>
  useCatalogMutation(area, (variables: Variables) => markForDiscount(area, action, variables), {
    ...notices[area][action],
    describe: (_result, { chosen }) => markOutcome(area, action, chosen),
  });
