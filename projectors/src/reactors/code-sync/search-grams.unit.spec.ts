import { describe, expect, it } from 'vitest';
import { byBytes } from './gram-keys';
import type { GramPage } from './gram-pages';
import { foldCase, searchGramsOf, type SearchGrams } from './search-grams';

/** A small seeded generator, so a failure names codes that can be reproduced. */
const random = (seed: number) => () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};

const codesOf = (next: () => number, count: number, alphabet: string, prefix: string): string[] =>
  Array.from({ length: count }, () => {
    const length = 1 + Math.floor(next() * 8);
    return prefix + Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  });

const tracked = (frequent: ReadonlySet<string>, gram: string) => {
  const chars = [...gram];
  return chars.length <= 3 || chars.slice(0, -2).every((_, i) => frequent.has(chars.slice(i, i + 3).join('')));
};

/**
 * Every substring of every code, every tracked one counted exactly per discount, every untracked one absent: the
 * rows worked out by brute force and compared whole, once (one `expect` per gram made this test CPU-bound).
 */
const expectExact = (byDiscount: Map<string, string[]>, grams: SearchGrams) => {
  const frequent = new Set(grams.frequent);
  const expected = new Map<string, { count: number; first: string }>();
  for (const [discountId, codes] of byDiscount) {
    const folded = [...codes].sort(byBytes).map((code) => ({ code, folded: foldCase(code) }));
    const substrings = new Set(
      folded.flatMap(({ folded: f }) =>
        [...f].flatMap((_, i, cs) => cs.slice(i).map((__, j) => cs.slice(i, i + j + 1).join(''))),
      ),
    );
    for (const gram of substrings) {
      if (!tracked(frequent, gram)) continue;
      const holding = folded.filter((c) => c.folded.includes(gram));
      expected.set(`${discountId}|${gram}`, { count: holding.length, first: holding[0]!.code });
    }
  }
  const actual = new Map(
    grams.rows.map((r) => [`${r.discountId}|${r.gram}`, { count: r.codeCount, first: r.firstCode }]),
  );
  expect(actual).toEqual(expected);
};

describe('When the codes of a store are counted for the search', () => {
  it('should count every short substring and every long one of frequent 3-grams exactly, per discount', () => {
    const next = random(7);
    const byDiscount = new Map([
      ['d1', codesOf(next, 400, 'AB-1', 'SALE-')],
      ['d2', codesOf(next, 300, 'ab1', '')],
      ['d3', ['WELCOME10', 'welcome10', 'Ünïcode-😀-X', '😀😀😀😀']],
    ]);
    const grams = searchGramsOf(byDiscount, { frequent: null, threshold: 20 });
    expect(grams.rows.filter((r) => [...r.gram].length > 3).length).toBeGreaterThan(20);
    expectExact(byDiscount, grams);
  });

  it('should raise the threshold until the long rows fit, and still count exactly', () => {
    const next = random(11);
    const byDiscount = new Map([['d1', codesOf(next, 500, 'ab', 'X')]]);
    const grams = searchGramsOf(byDiscount, { frequent: null, threshold: 2, maxLongRows: 300 });
    expect(grams.threshold).toBeGreaterThan(2);
    expect(grams.rows.filter((r) => [...r.gram].length > 3).length).toBeLessThanOrEqual(300);
    expectExact(byDiscount, grams);
  });

  it('should count a merge by the frozen set of the full sync, whatever the new codes hold', () => {
    const next = random(13);
    const full = searchGramsOf(new Map([['d1', codesOf(next, 400, 'AB-1', 'SALE-')]]), {
      frequent: null,
      threshold: 60,
    });
    const merged = new Map([['d2', codesOf(next, 50, 'AB-9', 'SALE-')]]);
    const grams = searchGramsOf(merged, { frequent: full.frequent, threshold: full.threshold });
    expect(grams.frequent).toEqual(full.frequent);
    expect(grams.rows.filter((r) => [...r.gram].length > 3).length).toBeGreaterThan(5);
    expectExact(merged, grams);
  });

  it("should list the store's first codes of each often-held short gram, exact up to the bound", () => {
    const next = random(17);
    const byDiscount = new Map([
      ['d1', codesOf(next, 300, 'AB-12', 'SALE-')],
      ['d2', [...codesOf(next, 200, 'ab12', ''), 'SALE-1', 'SALE-1', 'sale-1']],
      ['d3', ['SALE-1', 'Ünïcode-😀-X', '😀😀😀😀', 'ab\uE000']],
    ]);
    const grams = searchGramsOf(byDiscount, { frequent: null, threshold: 40, pageCodes: 7 });
    expectPagesExact(byDiscount, grams.pages, 20);
    expect(grams.pages.some((p) => p.completeTo !== null)).toBe(true);
    expect(searchGramsOf(byDiscount, { frequent: grams.frequent, threshold: 40 }).pages).toEqual([]);
  });
});

/** Each page against a scan: (code, discount) pairs holding the gram up to its bound, in byte order; no gram missed. */
const expectPagesExact = (byDiscount: Map<string, string[]>, pages: readonly GramPage[], minCodes: number) => {
  const all = [...byDiscount].flatMap(([discountId, codes]) => codes.map((code) => ({ code, discountId })));
  const held = (gram: string) => all.filter((c) => foldCase(c.code).includes(gram));
  const key = (c: { code: string; discountId: string }) => `${c.code}|${c.discountId}`;
  for (const page of pages) {
    expect(page.codes.length).toBe(page.discountIds.length);
    const listed = page.codes.map((code, i) => ({ code, discountId: page.discountIds[i]! }));
    expect([...page.codes].sort(byBytes), page.gram).toEqual(page.codes);
    const bound = page.completeTo;
    const expected = held(page.gram).filter((c) => bound === null || byBytes(c.code, bound) <= 0);
    expect(listed.map(key).sort(), page.gram).toEqual(expected.map(key).sort());
  }
  const paged = new Set(pages.map((p) => p.gram));
  const grams = new Set(
    all.flatMap((c) => [...foldCase(c.code)].flatMap((_, i, cs) => [1, 2, 3].map((n) => cs.slice(i, i + n).join('')))),
  );
  for (const gram of grams) if (held(gram).length >= minCodes) expect(paged.has(gram), gram).toBe(true);
};
