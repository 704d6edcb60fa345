import { LazyEdge, paginate, pageRequest, sortByKey, type SortKey } from '../connections';
import { str, type Args, type ResolverContext } from '../graphql/context';
import { gid, parseGid } from '../gid';
import type { ShopState } from '../state/shop-state';
import type { CollectionRecord, ProductRecord, SmartRule, VariantRecord } from '../state/types';

const ruleMatches = (rule: SmartRule, p: ProductRecord): boolean => {
  const c = rule.condition.toLowerCase();
  if (rule.column === 'TAG') return p.tags.some((t) => t.toLowerCase() === c);
  if (rule.column === 'TYPE') return p.productType.toLowerCase() === c;
  return p.vendor.toLowerCase() === c;
};

/** Manual collections list their products; smart ones match their rules now (reference §10). */
export const collectionProducts = (shop: ShopState, c: CollectionRecord): ProductRecord[] => {
  if (c.productIds) return c.productIds.flatMap((id) => shop.products.get(id) ?? []);
  const set = c.rules;
  if (!set) return [];
  return [...shop.products.values()].filter((p) =>
    set.appliedDisjunctively ? set.rules.some((r) => ruleMatches(r, p)) : set.rules.every((r) => ruleMatches(r, p)),
  );
};

const byId = <T extends { id: number }>(item: T): SortKey => ({ id: item.id, value: item.id });

export const productKey =
  (sortKey: string | null) =>
  (p: ProductRecord): SortKey => {
    if (sortKey === 'TITLE') return { id: p.id, value: p.title.toLowerCase() };
    if (sortKey === 'UPDATED_AT') return { id: p.id, value: p.updatedAt };
    if (sortKey === 'CREATED_AT') return { id: p.id, value: p.createdAt };
    return byId(p);
  };

export const variantView = (shop: ShopState, v: VariantRecord) => {
  const product = shop.products.get(v.productId);
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${product?.title ?? ''} - ${v.title}`,
    sku: v.sku,
    barcode: v.barcode,
    price: v.price,
    compareAtPrice: null,
    position: v.position,
    selectedOptions: [{ name: 'Size', value: v.title }],
    inventoryQuantity: v.inventoryQuantity,
    availableForSale: v.inventoryQuantity > 0,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    product: () => (product ? productView(shop, product) : null),
  };
};

export const productView = (shop: ShopState, p: ProductRecord) => {
  const variants = () => p.variantIds.flatMap((id) => shop.variants.get(id) ?? []);
  return {
    __typename: 'Product',
    id: gid('Product', p.id),
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    publishedAt: p.status === 'ACTIVE' ? p.createdAt : null,
    hasOnlyDefaultVariant: p.variantIds.length === 1,
    totalInventory: variants().reduce((sum, v) => sum + v.inventoryQuantity, 0),
    onlineStoreUrl: null,
    variants: (args: Args, ctx: ResolverContext) => {
      const key = (v: VariantRecord): SortKey => ({
        id: v.id,
        value: str(args, 'sortKey') === 'ID' ? v.id : v.position,
      });
      return mapConnection(paginate(sortByKey(variants(), key), pageRequest(args, ctx.bulk), key), (v) =>
        variantView(shop, v),
      );
    },
    variantsCount: { count: p.variantIds.length, precision: 'EXACT' },
    collections: (args: Args, ctx: ResolverContext) => {
      const owning = [...shop.collections.values()].filter((c) =>
        collectionProducts(shop, c).some((x) => x.id === p.id),
      );
      return mapConnection(paginate(owning, pageRequest(args, ctx.bulk), byId), (c) => collectionView(shop, c));
    },
  };
};

export const collectionView = (shop: ShopState, c: CollectionRecord) => ({
  __typename: 'Collection',
  id: gid('Collection', c.id),
  legacyResourceId: String(c.id),
  title: c.title,
  handle: c.handle,
  updatedAt: c.updatedAt,
  productsCount: () => ({ count: collectionProducts(shop, c).length, precision: 'EXACT' }),
  sortOrder: c.productIds ? 'MANUAL' : 'BEST_SELLING',
  ruleSet: c.rules,
  products: (args: Args, ctx: ResolverContext) =>
    mapConnection(paginate(collectionProducts(shop, c), pageRequest(args, ctx.bulk), byId), (p) =>
      productView(shop, p),
    ),
  hasProduct: (args: Args) => {
    const id = parseGid(str(args, 'id') ?? '', 'Product');
    return collectionProducts(shop, c).some((p) => p.id === id);
  },
});

const cursorOfEdge = (edge: { readonly cursor: string }) => edge.cursor;

export const mapConnection = <T, U>(
  conn: { edges: readonly { cursor: string; node: T }[]; pageInfo: unknown },
  view: (item: T) => U,
) => {
  const edges = conn.edges.map((e) => new LazyEdge(view(e.node), e, cursorOfEdge));
  return { edges, nodes: edges.map((e) => e.node), pageInfo: conn.pageInfo };
};
