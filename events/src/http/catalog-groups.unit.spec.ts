import { describe, expect, it } from 'vitest';
import { groupCatalogItems, groupProducts } from './catalog-groups';

const uk = { storeId: 1, storeName: 'Aurora GB' };
const de = { storeId: 2, storeName: 'Aurora DE' };
const us = { storeId: 3, storeName: 'Aurora US' };
const item = (id: string, store: typeof uk, linkedProductIds: string[] = [], isAvailableForDiscount = false) => ({
  id,
  ...store,
  linkedProductIds,
  isAvailableForDiscount,
});

describe('When a list is grouped by its links', () => {
  it('should put directly and transitively linked items in one group named by the lowest id', () => {
    // c–b by SKU, b–a by hand: one group through b; d stands alone.
    const groups = groupProducts([
      item('c', uk, ['b']),
      item('b', de, ['c', 'a']),
      item('d', uk),
      item('a', us, ['b']),
    ]);
    expect(groups.map((g) => [g.id, g.members.map((m) => m.id)])).toEqual([
      ['a', ['c', 'b', 'a']],
      ['d', ['d']],
    ]);
    expect(groups[0]!.stores).toEqual([uk, de, us]);
  });

  it('should call a group available only when every member is', () => {
    const [mixed, whole] = groupProducts([
      item('a', uk, ['b'], true),
      item('b', de, ['a'], false),
      item('c', uk, ['d'], true),
      item('d', de, ['c'], true),
    ]);
    expect(mixed).toMatchObject({ isAvailableForDiscount: false, availableCount: 1 });
    expect(whole).toMatchObject({ isAvailableForDiscount: true, availableCount: 2 });
  });

  it('should ignore links to items not in the list and list a store once', () => {
    const groups = groupCatalogItems([item('a', uk, ['gone']), item('b', uk, ['a'])], (i) => i.linkedProductIds);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.stores).toEqual([uk]);
    expect(groupCatalogItems([], () => [])).toEqual([]);
  });
});
