import { describe, expect, it } from 'vitest';
import {
  isGroupSelected,
  linkPair,
  selectedAmong,
  setGroupSelected,
  splitByAvailability,
  toggleSelected,
} from './selection';

describe('When toggling and selecting a group', () => {
  it('should add and remove one id', () => {
    const once = toggleSelected(new Set<string>(), 'd');
    expect([...once]).toEqual(['d']);
    expect([...toggleSelected(once, 'd')]).toEqual([]);
  });
  it('should select and clear a whole group, leaving other ids alone', () => {
    const all = setGroupSelected(new Set(['z']), ['a', 'b', 'c'], true);
    expect(isGroupSelected(all, ['a', 'b', 'c'])).toBe(true);
    expect([...setGroupSelected(all, ['a', 'b', 'c'], false)]).toEqual(['z']);
    expect(isGroupSelected(new Set<string>(), [])).toBe(false);
  });
  it('should keep only ids still listed', () => {
    expect(selectedAmong(new Set(['a', 'e']), ['a', 'b', 'c'])).toEqual(['a']);
  });
});

describe('When linking', () => {
  it('should accept exactly 2 items', () => {
    expect(linkPair(['c', 'g'], 'products')).toEqual({ ok: true, pair: ['c', 'g'] });
  });
  it.each([[[]], [['a']], [['a', 'b', 'c']]])('should refuse %j with the spec notice', (ids: string[]) => {
    expect(linkPair(ids, 'products')).toEqual({ ok: false, message: 'Please select exactly 2 products to link' });
    expect(linkPair(ids, 'collections')).toEqual({
      ok: false,
      message: 'Please select exactly 2 collections to link',
    });
  });
});

describe('When splitting a list', () => {
  it('should put available items in one group and the rest in the other, keeping order', () => {
    const items = [
      { id: 'a', isAvailableForDiscount: false },
      { id: 'b', isAvailableForDiscount: true },
      { id: 'c', isAvailableForDiscount: false },
    ];
    const { available, unavailable } = splitByAvailability(items);
    expect(available.map((i) => i.id)).toEqual(['b']);
    expect(unavailable.map((i) => i.id)).toEqual(['a', 'c']);
  });
});
