export const catalogKeys = {
  all: ['catalog'] as const,
  products: () => [...catalogKeys.all, 'products'] as const,
  productList: (brandId: number) => [...catalogKeys.products(), 'list', brandId] as const,
  productLinks: (brandId: number) => [...catalogKeys.products(), 'links', brandId] as const,
  collections: () => [...catalogKeys.all, 'collections'] as const,
  collectionList: (brandId: number) => [...catalogKeys.collections(), 'list', brandId] as const,
  collectionLinks: (brandId: number) => [...catalogKeys.collections(), 'links', brandId] as const,
};

export type CatalogArea = 'products' | 'collections';
