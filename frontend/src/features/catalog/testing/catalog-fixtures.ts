import type { Collection, Product, StoreListItem } from '@dm/events/http';

/** A valid UUID (v4 layout) from a small number, so tests read ids like `uid(3)`. */
export const uid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const uk = { storeId: 1, storeName: 'aurora-uk' };
export const de = { storeId: 2, storeName: 'aurora-de' };

export const aProduct = (n: number, overrides: Partial<Product> = {}): Product => ({
  id: uid(n),
  name: `Product ${n}`,
  title: `Product ${n}`,
  handle: `product-${n}`,
  status: 'ACTIVE',
  shopifyProductId: `gid://shopify/Product/${n}`,
  universalSku: `AUR-${String(n).padStart(3, '0')}`,
  sku: `AUR-${String(n).padStart(3, '0')}-S`,
  skuNormalized: `AUR-${String(n).padStart(3, '0')}-S`,
  isAvailableForDiscount: false,
  linkedProductIds: [],
  linkedStores: [],
  stores: [uk],
  storeId: 1,
  storeName: 'aurora-uk',
  hasManualLink: false,
  variants: [{ id: `v${n}`, title: 'S', sku: `AUR-${String(n).padStart(3, '0')}-S` }],
  ...overrides,
});

export const aCollection = (n: number, overrides: Partial<Collection> = {}): Collection => ({
  id: uid(1000 + n),
  title: `Collection ${n}`,
  handle: `collection-${n}`,
  shopifyCollectionId: `gid://shopify/Collection/${n}`,
  productsCount: 4,
  isAvailableForDiscount: false,
  linkedCollectionIds: [],
  linkedStores: [],
  stores: [uk],
  storeId: 1,
  storeName: 'aurora-uk',
  hasManualLink: false,
  ...overrides,
});

export const aStore = (id: number, urlSlug: string): StoreListItem => ({
  id,
  name: `Aurora ${id}`,
  urlSlug,
  shopifyDomain: `${urlSlug}.myshopify.com`,
  brandId: 1,
  countryId: id,
  isActive: true,
  connected: true,
  countryCode: 'GB',
  countryName: 'United Kingdom',
  regionCode: 'EU',
  regionName: 'Europe',
});

type Store = { storeId: number; storeName: string };
/** Copies of one item in these stores, each linked to the others (as SKU links join them); ids `uid(n + i)`. */
export const linkedCopies = <T extends { id: string; storeId: number; storeName: string }>(
  make: (n: number, overrides: Partial<T>) => T,
  n: number,
  stores: readonly Store[],
  linkField: 'linkedProductIds' | 'linkedCollectionIds',
  overrides: Partial<T> = {},
): T[] => {
  const ids = stores.map((_, i) => make(n + i, {}).id);
  return stores.map((store, i) =>
    make(n + i, {
      ...store,
      stores: [store, ...stores.filter((s) => s !== store)],
      linkedStores: stores.filter((s) => s !== store),
      [linkField]: ids.filter((id) => id !== ids[i]),
      ...overrides,
    }),
  );
};
export const linkedProducts = (n: number, stores: readonly Store[], overrides: Partial<Product> = {}) =>
  linkedCopies(aProduct, n, stores, 'linkedProductIds', overrides);
export const linkedCollections = (n: number, stores: readonly Store[], overrides: Partial<Collection> = {}) =>
  linkedCopies(aCollection, n, stores, 'linkedCollectionIds', overrides);
