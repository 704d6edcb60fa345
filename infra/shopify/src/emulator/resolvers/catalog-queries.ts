import { pageRequest, paginate, sortByKey, type SortKey } from '../connections';
import { str, type Args, type ResolverContext } from '../graphql/context';
import { parseGid } from '../gid';
import { collectionSearch, productSearch, variantSearch } from '../search/catalog-search';
import { searchFilter } from '../search/filter';
import type { CollectionRecord, VariantRecord } from '../state/types';
import { collectionView, mapConnection, productKey, productView, variantView } from '../views/catalog-view';
import { countOf } from './discount-queries';

const report = (ctx: ResolverContext) => (r: Parameters<ResolverContext['search']['push']>[0]) => ctx.search.push(r);

const variantKey =
  (sortKey: string | null) =>
  (v: VariantRecord): SortKey =>
    sortKey === 'SKU'
      ? { id: v.id, value: v.sku }
      : sortKey === 'TITLE'
        ? { id: v.id, value: v.title }
        : { id: v.id, value: v.id };

const collectionKey =
  (sortKey: string | null) =>
  (c: CollectionRecord): SortKey =>
    sortKey === 'TITLE'
      ? { id: c.id, value: c.title.toLowerCase() }
      : sortKey === 'UPDATED_AT'
        ? { id: c.id, value: c.updatedAt }
        : { id: c.id, value: c.id };

const products = (args: Args, ctx: ResolverContext, root: string) =>
  searchFilter(ctx.shop.products.values(), str(args, 'query'), productSearch(ctx.shop, ctx.now), report(ctx), [root]);

const collections = (args: Args, ctx: ResolverContext, root: string) =>
  searchFilter(ctx.shop.collections.values(), str(args, 'query'), collectionSearch(ctx.shop, ctx.now), report(ctx), [
    root,
  ]);

const lookup = <T>(map: Map<number, T>, args: Args, type: 'Product' | 'ProductVariant' | 'Collection'): T | null => {
  const id = parseGid(str(args, 'id') ?? '', type);
  return id === null ? null : (map.get(id) ?? null);
};

export const catalogQueries = {
  products: (args: Args, ctx: ResolverContext) => {
    const key = productKey(str(args, 'sortKey'));
    const conn = paginate(sortByKey(products(args, ctx, 'products'), key), pageRequest(args, ctx.bulk), key);
    return mapConnection(conn, (p) => productView(ctx.shop, p));
  },
  productsCount: (args: Args, ctx: ResolverContext) => countOf(products(args, ctx, 'productsCount').length, args),
  product: (args: Args, ctx: ResolverContext) => {
    const p = lookup(ctx.shop.products, args, 'Product');
    return p && productView(ctx.shop, p);
  },
  productVariants: (args: Args, ctx: ResolverContext) => {
    const key = variantKey(str(args, 'sortKey'));
    const list = searchFilter(
      ctx.shop.variants.values(),
      str(args, 'query'),
      variantSearch(ctx.shop, ctx.now),
      report(ctx),
      ['productVariants'],
    );
    return mapConnection(paginate(sortByKey(list, key), pageRequest(args, ctx.bulk), key), (v) =>
      variantView(ctx.shop, v),
    );
  },
  productVariant: (args: Args, ctx: ResolverContext) => {
    const v = lookup(ctx.shop.variants, args, 'ProductVariant');
    return v && variantView(ctx.shop, v);
  },
  collections: (args: Args, ctx: ResolverContext) => {
    const key = collectionKey(str(args, 'sortKey'));
    const conn = paginate(sortByKey(collections(args, ctx, 'collections'), key), pageRequest(args, ctx.bulk), key);
    return mapConnection(conn, (c) => collectionView(ctx.shop, c));
  },
  collectionsCount: (args: Args, ctx: ResolverContext) =>
    countOf(collections(args, ctx, 'collectionsCount').length, args),
  collection: (args: Args, ctx: ResolverContext) => {
    const c = lookup(ctx.shop.collections, args, 'Collection');
    return c && collectionView(ctx.shop, c);
  },
};
