export type CatalogArea = 'products' | 'collections';

export const catalogKeys = {
  all: ['catalog'] as const,
  products: () => [...catalogKeys.all, 'products'] as const,
  collections: () => [...catalogKeys.all, 'collections'] as const,
  list: (area: CatalogArea, brandId: number) => [...catalogKeys[area](), 'list', brandId] as const,
  links: (area: CatalogArea, brandId: number) => [...catalogKeys[area](), 'links', brandId] as const,
};
