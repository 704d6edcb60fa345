import type { Collection, Product } from '@dm/events/http';
import { useCollections } from '../api/get-collections';
import { useProducts } from '../api/get-products';
import { filterCollections, filterProducts } from '../utils/search';
import type { CatalogTabDefinition } from './catalog-tab';
import { CollectionCard } from './collection-card';
import { ProductCard } from './product-card';

/** Spec §2.7: the Products tab. */
export const productsTab: CatalogTabDefinition<Product> = {
  area: 'products',
  useItems: useProducts,
  search: filterProducts,
  searchPlaceholder: 'Search by name or SKU',
  renderCard: (product, checked, onToggle) => <ProductCard product={product} checked={checked} onToggle={onToggle} />,
  cardHeight: 112,
  texts: {
    failure: 'Failed to fetch products',
    empty: 'No products imported yet',
  },
  groups: {
    available: { title: 'Available for Discount', emptyText: 'No products available for discount' },
    unavailable: { title: 'Not Available for Discount', emptyText: 'Every product is available for discount' },
  },
  refreshable: false,
};

/** Spec §2.7: the Collections tab. */
export const collectionsTab: CatalogTabDefinition<Collection> = {
  area: 'collections',
  useItems: useCollections,
  search: filterCollections,
  searchPlaceholder: 'Search by title or handle',
  renderCard: (collection, checked, onToggle) => (
    <CollectionCard collection={collection} checked={checked} onToggle={onToggle} />
  ),
  cardHeight: 96,
  texts: {
    failure: 'Failed to fetch collections',
    empty: 'No collections imported yet',
  },
  groups: {
    available: { title: 'Available for Discounts', emptyText: 'No collections available for discounts' },
    unavailable: { title: 'Not Available', emptyText: 'Every collection is available for discounts' },
  },
  refreshable: true,
};
