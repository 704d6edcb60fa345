/** Catalog events for the list-cache tests, appended straight to the log (the commands' checks are not the point). */
export const at = '2026-01-15T10:00:00.000Z';
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Products 1–12 in store 1 and 101–112 in store 2 (brand 1), 201–204 in store 3 (brand 2). Titles repeat, so
// the store and id decide ties; SKUs repeat across stores 1 and 2, so imports link them.
export const product = (n: number, overrides: { title?: string; sku?: string; hash?: string } = {}) => {
  const storeId = n > 200 ? 3 : n > 100 ? 2 : 1;
  const title = overrides.title ?? `Jacket ${(n % 100) % 5}`;
  const variants = [{ id: `v${n}`, title: 'M', sku: overrides.sku ?? `SKU-${n % 100}` }];
  const data = {
    storeId,
    brandId: storeId === 3 ? 2 : 1,
    productId: uuid(n),
    shopifyProductId: `gid://shopify/Product/${n}`,
  };
  return {
    type: 'StoreProductImported',
    data: {
      ...data,
      title,
      handle: 'jacket',
      status: 'ACTIVE',
      variants,
      hash: overrides.hash ?? 'h1',
      importId: uuid(999),
      importedAt: at,
    },
  };
};
export const collection = (n: number, productsCount = 3) => ({
  type: 'StoreCollectionImported',
  data: {
    storeId: 1,
    brandId: 1,
    collectionId: uuid(500 + n),
    shopifyCollectionId: `gid://shopify/Collection/${n}`,
    title: `Edit ${n % 2}`,
    handle: 'edit',
    productsCount,
    hash: `c${productsCount}`,
    importId: uuid(999),
    importedAt: at,
  },
});
export const brandEvent = (type: string, data: Record<string, unknown>) => ({
  type,
  data: { brandId: 1, itemKind: 'product', ...data },
});
export const mark = (ns: number[], extra = {}) =>
  brandEvent('CatalogItemsMarked', { itemIds: ns.map(uuid), markedAt: at, ...extra });
export const unmark = (ns: number[]) => brandEvent('CatalogItemsUnmarked', { itemIds: ns.map(uuid), unmarkedAt: at });
export const link = (a: number, b: number) =>
  brandEvent('CatalogItemsLinked', { linkId: uuid(1000 + a), sourceId: uuid(a), targetId: uuid(b), linkedAt: at });

export const store = (storeId: number, brandId: number) => ({
  type: 'StoreCreated',
  data: {
    storeId,
    name: `Store ${storeId}`,
    urlSlug: `s${storeId}`,
    shopifyDomain: `s${storeId}.myshopify.com`,
    brandId,
    countryId: 1,
    createdAt: at,
  },
});
