/**
 * Exact substring counts for the synced-codes search (decision 0950). Per discount, the number of its codes that
 * contain each substring of up to 3 characters, and each longer substring made only of 3-grams that are frequent
 * in the store (the set `frequent`, frozen at a full sync so incremental merges count by the same rule). The query
 * API answers a count from these rows whenever every 3-gram of the search is in `frequent`; otherwise the search
 * holds a rare 3-gram, and the trigram index finds its few matches.
 */

/** What ILIKE under COLLATE "C" folds: ASCII letters only. */
export const foldCase = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

export interface GramRow {
  readonly discountId: string;
  readonly gram: string;
  readonly codeCount: number;
  /** The discount's first code (in the index's byte order) that holds the gram: where a page walk may start. */
  readonly firstCode: string;
}

/**
 * The store's first codes holding a short gram, in the index's byte order, each with its discount (decision 0990):
 * every code of the store that holds the gram and sorts at or before `completeTo` is listed (every one when null).
 */
export interface GramPage {
  readonly gram: string;
  readonly codes: readonly string[];
  readonly discountIds: readonly string[];
  readonly completeTo: string | null;
}

export interface SearchGrams {
  readonly frequent: readonly string[];
  readonly threshold: number;
  readonly rows: readonly GramRow[];
  /** Only from a full sync's count (the whole store's codes); an incremental merge updates the stored ones. */
  readonly pages: readonly GramPage[];
}

/** Codes a gram page lists before its bound: page 1 and 2 of the screen's 50 rows. */
export const gramPageCodes = 100;

/** The codes (as stored) per discount id. */
export type CodesByDiscount = ReadonlyMap<string, readonly string[]>;

/** Byte order of UTF-8 (COLLATE "C"): JavaScript's `<` agrees except where a surrogate pair meets U+E000–U+FFFF. */
export const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const needsBytes = (code: string) => /[\uD800-\uFFFF]/.test(code);
const sortedAsIndexed = (codes: readonly string[]): string[] =>
  codes.some(needsBytes) ? [...codes].sort(byBytes) : [...codes].sort();
const byUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Characters as small numbers, so a gram of up to 3 characters is one small integer (10 bits a character): the
 * counting of a million codes stays on integer maps. More than 1,023 distinct characters in one store's codes is
 * refused (the store then searches without counts, see the caller).
 */
class Alphabet {
  private readonly index = new Map<number, number>();
  private readonly chars: string[] = [''];
  of(char: number): number {
    let i = this.index.get(char);
    if (i === undefined) {
      i = this.chars.length;
      if (i >= 1024) throw new TooManyCharactersError();
      this.index.set(char, i);
      this.chars.push(String.fromCodePoint(char));
    }
    return i;
  }
  get size(): number {
    return this.chars.length;
  }
  gramOf(key: number): string {
    return (
      (key >= 1 << 20 ? this.chars[key >> 20]! : '') +
      (key >= 1 << 10 ? this.chars[(key >> 10) & 1023]! : '') +
      this.chars[key & 1023]!
    );
  }
}

export class TooManyCharactersError extends Error {}

/** A code as its characters' numbers (code points, so no surrogate half ever becomes a gram). */
const charsOf = (code: string, alphabet: Alphabet, into: number[]): number[] => {
  into.length = 0;
  for (let i = 0; i < code.length; i++) {
    const cp = code.codePointAt(i)!;
    if (cp > 0xffff) i++;
    into.push(alphabet.of(cp));
  }
  return into;
};

/**
 * Counts per small-integer key, once per code: an open-addressing table over typed arrays (a million codes make
 * some 30 million increments, which Map lookups make seconds long).
 */
export class GramCounter {
  private keys = new Int32Array(64).fill(-1);
  private counts = new Int32Array(64);
  private lastCode = new Int32Array(64).fill(-1);
  private firstCode = new Int32Array(64);
  private used = 0;
  /** Counts `key` for code number `code`, unless that code counted it already. */
  hit(key: number, code: number): void {
    const mask = this.keys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) & mask;
    for (;;) {
      const at = this.keys[slot]!;
      if (at === key) break;
      if (at === -1) {
        this.keys[slot] = key;
        this.firstCode[slot] = code;
        if (++this.used * 2 > this.keys.length) {
          this.grow();
          this.hit(key, code);
          return;
        }
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (this.lastCode[slot] === code) return;
    this.lastCode[slot] = code;
    this.counts[slot]! += 1;
  }
  /** Key, count, and the number of the first code that counted it. */
  *entries(): Generator<[number, number, number]> {
    for (let slot = 0; slot < this.keys.length; slot++)
      if (this.keys[slot] !== -1 && this.counts[slot]! > 0)
        yield [this.keys[slot]!, this.counts[slot]!, this.firstCode[slot]!];
  }
  private grow(): void {
    const { keys, counts, lastCode, firstCode } = this;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.counts = new Int32Array(keys.length * 2);
    this.lastCode = new Int32Array(keys.length * 2).fill(-1);
    this.firstCode = new Int32Array(keys.length * 2);
    this.used = 0;
    const mask = this.keys.length - 1;
    for (let old = 0; old < keys.length; old++) {
      if (keys[old] === -1) continue;
      let slot = Math.imul(keys[old]!, 0x9e3779b1) & mask;
      while (this.keys[slot] !== -1) slot = (slot + 1) & mask;
      this.keys[slot] = keys[old]!;
      this.counts[slot] = counts[old]!;
      this.lastCode[slot] = lastCode[old]!;
      this.firstCode[slot] = firstCode[old]!;
      this.used++;
    }
  }
}

/** Distinct grams of 1 to 3 characters of each code, counted once per code (keys: Alphabet numbers). */
const shortGramsOf = (codes: readonly string[], alphabet: Alphabet): GramCounter => {
  const counter = new GramCounter();
  const chars: number[] = [];
  codes.forEach((code, c) => {
    charsOf(code, alphabet, chars);
    for (let i = 0; i < chars.length; i++) {
      let key = 0;
      for (let k = 0; k < 3 && i + k < chars.length; k++) {
        key = (key << 10) | chars[i + k]!;
        counter.hit(key, c);
      }
    }
  });
  return counter;
};

/** Frequent 3-gram keys, looked up as a flat table of the alphabet's size cubed (a Set when that is too big). */
const frequencyTest = (frequent: ReadonlySet<number>, alphabetSize: number): ((key: number) => boolean) => {
  if (alphabetSize > 160) return (key) => frequent.has(key);
  const n = alphabetSize;
  const table = new Uint8Array(n * n * n);
  for (const key of frequent) table[(key >> 20) * n * n + ((key >> 10) & 1023) * n + (key & 1023)] = 1;
  return (key) => {
    const a = key >> 20;
    const b = (key >> 10) & 1023;
    const c = key & 1023;
    return a < n && b < n && c < n && table[a * n * n + b * n + c] === 1;
  };
};

/** A code's characters from `from` to `to` (positions in characters, not UTF-16 units). */
const sliceChars = (code: string, bmp: boolean, from: number, to: number) =>
  bmp ? code.slice(from, to) : [...code].slice(from, to).join('');

/**
 * Each code's maximal runs (4 characters or more) in which every 3-gram is frequent, joined by NUL: codes are
 * grouped by their runs, then each group's distinct long substrings are counted with the group's size.
 */
const longGramsOf = (codes: readonly string[], alphabet: Alphabet, isFrequent: (key: number) => boolean) => {
  const groups = new Map<string, { n: number; first: number }>();
  const chars: number[] = [];
  codes.forEach((code, c) => {
    charsOf(code, alphabet, chars);
    const bmp = code.length === chars.length;
    let windows = '';
    let start = -1;
    for (let i = 0; i + 3 <= chars.length; i++) {
      if (isFrequent((chars[i]! << 20) | (chars[i + 1]! << 10) | chars[i + 2]!)) {
        if (start < 0) start = i;
        continue;
      }
      if (start >= 0 && i + 2 - start >= 4)
        windows = windows ? `${windows}\0${sliceChars(code, bmp, start, i + 2)}` : sliceChars(code, bmp, start, i + 2);
      start = -1;
    }
    if (start >= 0 && chars.length - start >= 4)
      windows = windows
        ? `${windows}\0${sliceChars(code, bmp, start, chars.length)}`
        : sliceChars(code, bmp, start, chars.length);
    if (!windows) return;
    const group = groups.get(windows);
    if (group) group.n += 1;
    else groups.set(windows, { n: 1, first: c });
  });
  // Groups come in the order of their first codes, so the first group to hold a gram holds its first code.
  const counts = new Map<string, { n: number; first: number }>();
  const seen = new Set<string>();
  for (const [key, { n, first }] of groups) {
    seen.clear();
    for (const window of key.split('\0')) {
      const points = [...window];
      for (let i = 0; i + 4 <= points.length; i++)
        for (let end = i + 4; end <= points.length; end++) seen.add(points.slice(i, end).join(''));
    }
    for (const gram of seen) {
      const count = counts.get(gram);
      if (count) count.n += n;
      else counts.set(gram, { n, first });
    }
  }
  return counts;
};

export interface GramOptions {
  /** The store's frozen set (an incremental merge); null: choose it from these codes (a full sync). */
  readonly frequent: readonly string[] | null;
  /** A 3-gram in at least this many codes of the store is frequent (the frozen set's, for an incremental merge). */
  readonly threshold?: number;
  /** Above this many long rows the threshold doubles (fewer frequent 3-grams), keeping the rows bounded. */
  readonly maxLongRows?: number;
  /** Codes a gram page lists (full syncs only); `gramPageCodes` unless a test wants short lists. */
  readonly pageCodes?: number;
}

/**
 * The gram pages of a full sync: for every short gram held by at least half the frequent threshold's codes of the
 * store, its first `size` codes (more when the last ones share their text) in the store's byte order. The
 * discounts' sorted lists are merged into that order and read until every page is full.
 */
const gramPagesOf = (
  discounts: readonly { discountId: string; sorted: readonly string[]; folded: readonly string[] }[],
  short: readonly GramCounter[],
  alphabet: Alphabet,
  minCodes: number,
  size: number,
): GramPage[] => {
  const totals = new Map<number, number>();
  for (const counter of short) for (const [key, n] of counter.entries()) totals.set(key, (totals.get(key) ?? 0) + n);
  const keys = [...totals].filter(([, n]) => n >= minCodes).map(([key]) => key);
  if (keys.length === 0) return [];
  const n = alphabet.size;
  // Key → page number + 1, as a flat table over the alphabet when it is small (one lookup per substring of a code).
  const flat = n <= 160 ? new Int32Array(n * n * n + n * n + n + 1) : null;
  const slotOf = (key: number) =>
    key >= 1 << 20
      ? n * n + n + (key >> 20) * n * n + ((key >> 10) & 1023) * n + (key & 1023)
      : key >= 1 << 10
        ? n + ((key >> 10) & 1023) * n + (key & 1023)
        : key;
  const byKey = new Map<number, number>();
  keys.forEach((key, i) => (flat ? (flat[slotOf(key)] = i + 1) : byKey.set(key, i + 1)));
  const pageOf = flat ? (key: number) => flat[slotOf(key)]! - 1 : (key: number) => (byKey.get(key) ?? 0) - 1;
  const codes = keys.map((): string[] => []);
  const owners = keys.map((): string[] => []);
  const full = new Uint8Array(keys.length);
  const lastCode = new Int32Array(keys.length).fill(-1);
  let open = keys.length;
  const compare = discounts.some((d) => d.sorted.some(needsBytes)) ? byBytes : byUnits;
  // A binary heap of the discounts by their next code.
  const next = discounts.map(() => 0);
  const heap = discounts.map((_, i) => i).filter((i) => discounts[i]!.sorted.length > 0);
  const less = (a: number, b: number) => compare(discounts[a]!.sorted[next[a]!]!, discounts[b]!.sorted[next[b]!]!) < 0;
  const sift = (from: number) => {
    for (let i = from; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = Math.floor(heap.length / 2) - 1; i >= 0; i--) sift(i);
  const chars: number[] = [];
  let lastText: string | null = null;
  for (let c = 0; heap.length > 0; c++) {
    const d = heap[0]!;
    const { discountId, sorted, folded } = discounts[d]!;
    const code = sorted[next[d]!]!;
    // Every page full: done once past the last text read (codes sharing it must all be on the pages ending with it).
    if (open === 0 && code !== lastText) break;
    lastText = code;
    charsOf(folded[next[d]!]!, alphabet, chars);
    for (let i = 0; i < chars.length; i++) {
      let key = 0;
      for (let k = 0; k < 3 && i + k < chars.length; k++) {
        key = (key << 10) | chars[i + k]!;
        const p = pageOf(key);
        if (p < 0 || lastCode[p] === c) continue;
        lastCode[p] = c;
        const list = codes[p]!;
        if (full[p]) {
          // Codes sharing the last one's text stay on the page, so its bound covers all of them.
          if (list[list.length - 1] !== code) continue;
        } else if (list.length + 1 >= size) {
          full[p] = 1;
          open -= 1;
        }
        list.push(code);
        owners[p]!.push(discountId);
      }
    }
    next[d]! += 1;
    if (next[d]! < sorted.length) sift(0);
    else {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
      sift(0);
    }
  }
  return keys.map((key, p) => ({
    gram: alphabet.gramOf(key),
    codes: codes[p]!,
    discountIds: owners[p]!,
    completeTo: full[p] ? codes[p]![codes[p]!.length - 1]! : null,
  }));
};

export const searchGramsOf = (codes: CodesByDiscount, options: GramOptions): SearchGrams => {
  const alphabet = new Alphabet();
  // Each discount's codes in the index's order (so a gram's first counting code is its first code), and folded.
  const discounts = [...codes].map(([discountId, list]) => {
    const sorted = sortedAsIndexed(list);
    return { discountId, sorted, folded: sorted.map(foldCase) };
  });
  const short = discounts.map((d) => shortGramsOf(d.folded, alphabet));
  const trigramTotals = new Map<number, number>();
  for (const counter of short)
    for (const [key, n] of counter.entries())
      if (key >= 1 << 20) trigramTotals.set(key, (trigramTotals.get(key) ?? 0) + n);
  const keyOf = (gram: string) => [...gram].reduce((key, char) => (key << 10) | alphabet.of(char.codePointAt(0)!), 0);
  let threshold = options.threshold ?? 5000;
  const maxLongRows = options.maxLongRows ?? 200_000;
  for (;;) {
    const frequent = options.frequent
      ? new Set(options.frequent.map(keyOf))
      : new Set([...trigramTotals].filter(([, n]) => n >= threshold).map(([key]) => key));
    const isFrequent = frequencyTest(frequent, alphabet.size);
    const long = discounts.map((d) =>
      frequent.size === 0
        ? new Map<string, { n: number; first: number }>()
        : longGramsOf(d.folded, alphabet, isFrequent),
    );
    if (options.frequent === null && frequent.size > 0 && long.reduce((n, m) => n + m.size, 0) > maxLongRows) {
      threshold *= 2;
      continue;
    }
    const rows: GramRow[] = [];
    discounts.forEach(({ discountId, sorted }, i) => {
      for (const [key, codeCount, first] of short[i]!.entries())
        rows.push({ discountId, gram: alphabet.gramOf(key), codeCount, firstCode: sorted[first]! });
      for (const [gram, { n, first }] of long[i]!)
        rows.push({ discountId, gram, codeCount: n, firstCode: sorted[first]! });
    });
    const pages =
      options.frequent === null
        ? gramPagesOf(discounts, short, alphabet, threshold / 2, options.pageCodes ?? gramPageCodes)
        : [];
    return { frequent: [...frequent].map((key) => alphabet.gramOf(key)), threshold, rows, pages };
  }
};
