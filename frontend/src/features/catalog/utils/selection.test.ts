import { describe, expect, it } from 'vitest';
import { isGroupSelected, setGroupSelected, splitByAvailability, toggleSelected } from './selection';

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
