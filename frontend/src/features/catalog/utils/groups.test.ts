import { groupCollections, groupProducts } from '@dm/events/http';
import { describe, expect, it } from 'vitest';
import { aCollection, aProduct, de, uid, uk } from '../testing/catalog-fixtures';
import { collectionsLookDifferent, memberIdsOf, mergeVariants, searchGroups, storeList } from './groups';
import { filterProducts } from './search';

const us = { storeId: 3, storeName: 'aurora-us' };

describe('When a group is searched', () => {
  it('should match when any member matches, and keep every group for a blank query', () => {
    const groups = groupProducts([
      aProduct(1, { name: 'Trail Jacket', linkedProductIds: [uid(2)] }),
      aProduct(2, { name: 'Wanderjacke', ...de, linkedProductIds: [uid(1)] }),
      aProduct(3, { name: 'Summit Cap' }),
    ]);
    const search = searchGroups(filterProducts);
    expect(search(groups, 'wander').map((g) => g.id)).toEqual([uid(1)]);
    expect(search(groups, ' ')).toHaveLength(2);
    expect(memberIdsOf(search(groups, 'jacke'))).toEqual([uid(1), uid(2)]);
  });
});

describe("When a group's variants are listed", () => {
  it('should show a variant once with every store that has its SKU, or failing that its title', () => {
    const merged = mergeVariants([
      {
        ...uk,
        variants: [
          { id: 'a', title: 'S', sku: 'aur-1-s' },
          { id: 'b', title: 'Gift', sku: null },
        ],
      },
      {
        ...de,
        variants: [
          { id: 'c', title: 'S', sku: 'AUR-1-S ' },
          { id: 'd', title: 'Gift', sku: null },
        ],
      },
    ]);
    expect(merged.map((v) => [v.title, v.sku, v.stores.map((s) => s.storeName)])).toEqual([
      ['S', 'aur-1-s', ['aurora-uk', 'aurora-de']],
      ['Gift', null, ['aurora-uk', 'aurora-de']],
    ]);
  });
  it('should count the variants of manually linked copies with their own SKUs once, not once per store', () => {
    const sizes = (stem: string) => ['S', 'M'].map((t) => ({ id: `${stem}-${t}`, title: t, sku: `${stem}-${t}` }));
    const merged = mergeVariants([
      { ...uk, variants: sizes('AUR-GB-001') },
      { ...de, variants: sizes('AUR-DE-001') },
    ]);
    expect(merged.map((v) => [v.title, v.sku, v.stores.length])).toEqual([
      ['S', 'AUR-GB-001-S, AUR-DE-001-S', 2],
      ['M', 'AUR-GB-001-M, AUR-DE-001-M', 2],
    ]);
  });
  it('should keep two variants of one store apart even when their titles match', () => {
    const merged = mergeVariants([
      {
        ...uk,
        variants: [
          { id: 'a', title: 'Default Title', sku: null },
          { id: 'b', title: 'Default Title', sku: null },
        ],
      },
    ]);
    expect(merged).toHaveLength(2);
  });
  it('should name stores in words', () => {
    expect(storeList([uk])).toBe('aurora-uk');
    expect(storeList([uk, de, us])).toBe('aurora-uk, aurora-de and aurora-us');
  });
});

describe('When two collections are about to be linked', () => {
  const [bestUk, bestDe, gifts] = groupCollections([
    aCollection(1, { title: 'Best Sellers', handle: 'best-sellers' }),
    aCollection(2, { title: 'Bestseller', handle: 'best-sellers', ...de }),
    aCollection(3, { title: 'Gift Ideas', handle: 'gift-ideas', ...de }),
  ]);
  it('should ask only when they share neither a title nor a handle', () => {
    expect(collectionsLookDifferent(bestUk!, bestDe!)).toBe(false);
    expect(collectionsLookDifferent(bestUk!, gifts!)).toBe(true);
  });
});
