import { collectionLinkSchema, productLinkSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import type { CatalogArea } from './query-keys';
import { useCatalogMutation } from './use-catalog-mutation';

/** `names`: the two groups as the notice names them, each with its stores: 'Jackets (Aurora DE)'. */
type Variables = { pair: readonly [string, string]; brandId: number; names: readonly [string, string] };

const notices = {
  products: { success: 'Products linked successfully', failure: 'Failed to link products or collections' },
  collections: { success: 'Collections linked successfully', failure: 'Failed to link products or collections' },
};

/** POST /api/{area}/link: the first selected item is the source, the second the target. */
export const linkItems = async (area: CatalogArea, { pair: [source, target], brandId }: Variables) => {
  if (area === 'products') {
    const body = { sourceProductId: source, targetProductId: target, brandId };
    await api.post('/api/products/link', { body, schema: productLinkSchema });
  } else {
    const body = { sourceCollectionId: source, targetCollectionId: target, brandId };
    await api.post('/api/collections/link', { body, schema: collectionLinkSchema });
  }
};

export const useLinkItems = (area: CatalogArea) =>
  useCatalogMutation(area, (variables: Variables) => linkItems(area, variables), {
    ...notices[area],
    describe: (_result, { names: [a, b] }) => `${a} and ${b} are now linked`,
  });
