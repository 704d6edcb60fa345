import { describe, expect, it } from 'vitest';
import { gramsOffThread } from './grams-off-thread';
import { copyText } from './records';
import { gramsOf } from './search-index';

/** A small seeded generator: the same codes every run. */
const random = (seed: number) => () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const next = random(7);
const codesOf = (count: number, alphabet: string[]) =>
  Array.from({ length: count }, () =>
    Array.from({ length: 4 + Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
  );
const alphabet = [...'ABCDEFGHJKabc123-_😀ü\t\\'];

/** The codes as `COPY (SELECT discount_id, code …) TO STDOUT` sends them, cut into chunks of `size` bytes. */
async function* copyTextOf(codes: Map<string, string[]>, size: number): AsyncGenerator<Uint8Array> {
  const lines = [...codes].flatMap(([discountId, list]) =>
    list.map((code) => `${copyText(discountId)}\t${copyText(code)}\n`),
  );
  const bytes = Buffer.from(lines.join(''));
  // Cut anywhere: within a line, between the bytes of one character.
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe("When a full sync's search grams are counted in a worker thread", () => {
  it('should give exactly what the count on the event loop gives, and leave the loop free meanwhile', async () => {
    const codes = new Map<string, string[]>([
      ['gid://shopify/DiscountCodeNode/1', codesOf(3_000, alphabet)],
      ['gid://shopify/DiscountCodeNode/2', codesOf(500, [...'XYZ12'])],
    ]);
    const counting = gramsOffThread(copyTextOf(codes, 997), 40);
    let settled = false;
    void counting.then(() => (settled = true));
    // The loop's next turn comes before the count ends: it does not run on this thread.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    const inThread = gramsOf(codes, null, 40);
    expect(inThread?.rows.length).toBeGreaterThan(1_000);
    expect(inThread?.pages.length).toBeGreaterThan(0);
    const { grams, codeCounts } = await counting;
    expect(grams).toEqual(inThread);
    expect([...codeCounts]).toEqual([
      ['gid://shopify/DiscountCodeNode/1', 3_000],
      ['gid://shopify/DiscountCodeNode/2', 500],
    ]);
  });

  it('should answer null as the count does when the codes hold too many characters for the grams', async () => {
    const many = Array.from({ length: 1_100 }, (_, i) => `${String.fromCodePoint(0x4e00 + i)}ab`);
    const codes = new Map([['gid://shopify/DiscountCodeNode/1', many]]);
    expect(gramsOf(codes, null, 5)).toBeNull();
    expect(await gramsOffThread(copyTextOf(codes, 64), 5)).toEqual({
      grams: null,
      codeCounts: new Map([['gid://shopify/DiscountCodeNode/1', 1_100]]),
    });
  });

  it('should stop the worker and say why when the codes cannot be read to the end', async () => {
    async function* cut(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('gid://shopify/DiscountCodeNode/1\tABC\n');
      throw new Error('connection lost');
    }
    await expect(gramsOffThread(cut(), 5)).rejects.toThrow('connection lost');
  });
});

describe("When a big store's codes are held for the count", () => {
  it('should count 400,000 codes in a worker whose heap cannot hold them as 400,000 strings', async () => {
    const id = 'gid://shopify/DiscountCodeNode/1';
    const codes = new Map([[id, Array.from({ length: 400_000 }, (_, i) => `BENCH-${i}`)]]);
    // Packed, the codes take some 8 MB of this heap; as strings (with their sorted copy) some 24 MB more.
    const limit = Number(process.env.OLD_MB ?? 26);
    const { grams, codeCounts } = await gramsOffThread(copyTextOf(codes, 65_536), 5000, {
      resourceLimits: { maxOldGenerationSizeMb: limit },
    });
    expect(codeCounts).toEqual(new Map([[id, 400_000]]));
    expect(grams?.pages.length).toBeGreaterThan(0);
    expect(grams?.rows.find((r) => r.gram === 'nch-')).toMatchObject({ codeCount: 400_000, firstCode: 'BENCH-0' });
  });
});
