import { type Collection, groupCollections, groupProducts, type Product } from '@dm/events/http';
import { words } from '@/lib/glossary';
import { useCollections } from '../api/get-collections';
import { useProducts } from '../api/get-products';
import { collectionsLookDifferent, leadOf, searchGroups } from '../utils/groups';
import { filterCollections, filterProducts } from '../utils/search';
import type { CatalogTabDefinition } from './catalog-tab';
import { CollectionCard } from './collection-card';
import { ProductCard } from './product-card';

/** Spec §2.7: the Products tab, one card per product group. */
export const productsTab: CatalogTabDefinition<Product> = {
  area: 'products',
  useItems: useProducts,
  group: groupProducts,
  search: searchGroups(filterProducts),
  searchPlaceholder: 'Search by name or SKU',
  nameOf: (group) => leadOf(group).name,
  renderCard: (group, checked, onToggle, onSplitOff) => (
    <ProductCard group={group} checked={checked} onToggle={onToggle} onSplitOff={onSplitOff} />
  ),
  cardHeight: 112,
  texts: {
    failure: 'Failed to fetch products',
    empty: 'No products imported yet',
  },
  sections: {
    available: { title: words.availableForDiscount, emptyText: 'No products available for discount' },
    unavailable: { title: words.notAvailableForDiscount, emptyText: 'Every product is available for discount' },
  },
  refreshable: false,
};

const named = (c: Collection) => `'${c.title}' (${c.handle})`;

/** Spec §2.7: the Collections tab, one card per collection group. */
export const collectionsTab: CatalogTabDefinition<Collection> = {
  area: 'collections',
  useItems: useCollections,
  group: groupCollections,
  search: searchGroups(filterCollections),
  searchPlaceholder: 'Search by title or handle',
  nameOf: (group) => leadOf(group).title,
  renderCard: (group, checked, onToggle, onSplitOff) => (
    <CollectionCard group={group} checked={checked} onToggle={onToggle} onSplitOff={onSplitOff} />
  ),
  cardHeight: 96,
  texts: {
    failure: 'Failed to fetch collections',
    empty: 'No collections imported yet',
  },
  sections: {
    available: { title: words.availableForDiscount, emptyText: 'No collections available for discount' },
    unavailable: { title: words.notAvailableForDiscount, emptyText: 'Every collection is available for discount' },
  },
  refreshable: true,
  linkQuestion: (a, b) =>
    collectionsLookDifferent(a, b)
      ? {
          title: 'Link two different collections?',
          description: `${named(leadOf(a))} and ${named(leadOf(b))} have different titles and handles. Linked, they count as one collection in every store: a mark or a discount on one applies to both.`,
          confirmLabel: 'Link anyway',
        }
      : null,
};
