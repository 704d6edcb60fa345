import { describe, expect, it } from 'vitest';
import { gramsOffThread } from './grams-off-thread';
import { packCodes } from './grams-packed';
import { gramsOf } from './search-index';

/** A small seeded generator: the same codes every run. */
const random = (seed: number) => () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const next = random(7);
const codesOf = (count: number, alphabet: string) =>
  Array.from({ length: count }, () =>
    Array.from({ length: 4 + Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
  );
const alphabet = [...'ABCDEFGHJKabc123-_😀ü\t\\'];

describe("When a full sync's search grams are counted in a worker thread", () => {
  it('should give exactly what the count on the event loop gives, and leave the loop free meanwhile', async () => {
    const codes = new Map<string, string[]>([
      ['gid://shopify/DiscountCodeNode/1', codesOf(3_000, alphabet.join(''))],
      ['gid://shopify/DiscountCodeNode/2', codesOf(500, 'XYZ12')],
      ['gid://shopify/DiscountCodeNode/3', []],
    ]);
    const counting = gramsOffThread(packCodes(codes), 40);
    let settled = false;
    void counting.then(() => (settled = true));
    // The loop's next turn comes before the count ends: it does not run on this thread.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    const inThread = gramsOf(codes, null, 40);
    expect(inThread?.rows.length).toBeGreaterThan(1_000);
    expect(inThread?.pages.length).toBeGreaterThan(0);
    expect(await counting).toEqual(inThread);
  });

  it('should answer null as the count does when the codes hold too many characters for the grams', async () => {
    const many = Array.from({ length: 1_100 }, (_, i) => `${String.fromCodePoint(0x4e00 + i)}ab`);
    const codes = new Map([['gid://shopify/DiscountCodeNode/1', many]]);
    expect(gramsOf(codes, null, 5)).toBeNull();
    expect(await gramsOffThread(packCodes(codes), 5)).toBeNull();
  });
});
