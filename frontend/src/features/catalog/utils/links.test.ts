import { describe, expect, it } from 'vitest';
import { collectionLinkEnds, linksTouching, productLinkEnds, storeCountLabel } from './links';

const links = [
  productLinkEnds({ id: 'l1', sourceProductId: 'a', targetProductId: 'b' }),
  productLinkEnds({ id: 'l2', sourceProductId: 'c', targetProductId: 'd' }),
];

describe('When reading links', () => {
  it('should find the links of the selected items, at either end', () => {
    expect(linksTouching(links, ['b']).map((l) => l.id)).toEqual(['l1']);
    expect(linksTouching(links, ['a', 'd']).map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(linksTouching(links, ['x'])).toEqual([]);
  });
  it('should read collection links the same way', () => {
    const link = collectionLinkEnds({ id: 'k', sourceCollectionId: 'p', targetCollectionId: 'q' });
    expect(linksTouching([link], ['q'])).toEqual([link]);
  });
});

describe('When counting stores', () => {
  it("should show 'N stores' only for more than one store", () => {
    expect(storeCountLabel(0)).toBeNull();
    expect(storeCountLabel(1)).toBeNull();
    expect(storeCountLabel(2)).toBe('2 stores');
    expect(storeCountLabel(3)).toBe('3 stores');
  });
});
