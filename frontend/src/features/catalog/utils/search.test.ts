import { describe, expect, it } from 'vitest';
import { filterCollections, filterProducts } from './search';

const products = [
  { id: 1, name: 'Aurora Trail Jacket', universalSku: 'AUR-001' },
  { id: 2, name: 'Aurora Summit Cap', universalSku: null },
  { id: 3, name: 'Harbour Runner', universalSku: 'AUR-002' },
];
const collections = [
  { id: 1, title: 'Best Sellers', handle: 'best-sellers' },
  { id: 2, title: 'Gift Ideas', handle: 'presents' },
];

describe('When searching products', () => {
  it('should match the name, case-insensitively', () => {
    expect(filterProducts(products, 'trail').map((p) => p.id)).toEqual([1]);
  });
  it('should match the universal SKU', () => {
    expect(filterProducts(products, 'aur-002').map((p) => p.id)).toEqual([3]);
  });
  it('should keep everything for a blank query and skip products without a SKU safely', () => {
    expect(filterProducts(products, '  ')).toHaveLength(3);
    expect(filterProducts(products, 'AUR-').map((p) => p.id)).toEqual([1, 3]);
  });
});

describe('When searching collections', () => {
  it('should match the title or the handle', () => {
    expect(filterCollections(collections, 'gift').map((c) => c.id)).toEqual([2]);
    expect(filterCollections(collections, 'presents').map((c) => c.id)).toEqual([2]);
    expect(filterCollections(collections, 'best-').map((c) => c.id)).toEqual([1]);
    expect(filterCollections(collections, 'nothing')).toEqual([]);
  });
});
