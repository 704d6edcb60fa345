import { describe, expect, it } from 'vitest';
import { patchList, renderList, type ItemDocument } from './rendered-list';

const doc = (id: string, title: string, extra = '') => ({ id, title, doc: JSON.stringify({ id, title, extra }) });
const items = ['a', 'b', 'c', 'd', 'e'].map((id, i) => doc(id, `T${i}`, 'é'.repeat(i)));
const text = (documents: readonly ItemDocument[]) => renderList(documents).body.toString();

describe('When a rendered list is patched', () => {
  it('should give what a render of the changed documents gives, whatever is replaced or leaves', () => {
    let seed = 11;
    const pick = (n: number) => ((seed = (seed * 48271) % 2147483647), seed % n);
    for (let round = 0; round < 300; round++) {
      const list = renderList(items);
      const changes = items
        .filter(() => pick(3) === 0)
        .map((d) => ({ ...doc(d.id, d.title, 'x'.repeat(pick(4))), member: pick(3) > 0 }));
      const expected = items.flatMap((d) => {
        const change = changes.find((c) => c.id === d.id);
        return !change ? [d] : change.member ? [change] : [];
      });
      const patched = patchList(list, changes)!;
      expect(patched.body.toString()).toBe(text(expected));
      expect(JSON.parse(patched.body.toString())).toHaveLength(expected.length);
      // …and stays patchable: a second round starts from the first one's offsets.
      const again = patchList(
        patched,
        expected.slice(0, 1).map((d) => ({ ...d, doc: '{"again":true}', member: true })),
      );
      expect(again!.body.toString()).toBe(
        text(expected.map((d, i) => (i === 0 ? { ...d, doc: '{"again":true}' } : d))),
      );
    }
  });

  it('should leave the list as it is when no change concerns it', () => {
    const list = renderList(items);
    expect(patchList(list, [{ ...doc('z', 'T9'), member: false }])).toBe(list);
  });

  it('should refuse what only a render can place: an item joining, or a new title', () => {
    const list = renderList(items);
    expect(patchList(list, [{ ...doc('z', 'T9'), member: true }])).toBeNull();
    expect(patchList(list, [{ ...doc('b', 'Renamed'), member: true }])).toBeNull();
  });

  it('should render an empty list as an empty array', () => {
    expect(text([])).toBe('[]');
    expect(patchList(renderList(items.slice(0, 1)), [{ ...items[0]!, member: false }])!.body.toString()).toBe('[]');
  });
});
