/**
 * Exact substring counts for the synced-codes search (decision 0950). Per discount, the number of its codes that
 * contain each substring of up to 3 characters, and each longer substring made only of 3-grams that are frequent
 * in the store (the set `frequent`, frozen at a full sync so incremental merges count by the same rule). The query
 * API answers a count from these rows whenever every 3-gram of the search is in `frequent`; otherwise the search
 * holds a rare 3-gram, and the trigram index finds its few matches.
 */

import { Alphabet, byBytes, charsOf, GramCounter, needsBytes } from './gram-keys';
import { gramPageCodes, gramPagesOf, type GramPage } from './gram-pages';
import { PackedCodeList, type CodeList } from './packed-codes';

/** What ILIKE under COLLATE "C" folds: ASCII letters only. */
export const foldCase = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

export interface GramRow {
  readonly discountId: string;
  readonly gram: string;
  readonly codeCount: number;
  /** The discount's first code (in the index's byte order) that holds the gram: where a page walk may start. */
  readonly firstCode: string;
}

export interface SearchGrams {
  readonly frequent: readonly string[];
  readonly threshold: number;
  readonly rows: readonly GramRow[];
  /** Only from a full sync's count (the whole store's codes); an incremental merge updates the stored ones. */
  readonly pages: readonly GramPage[];
}

/** The codes (as stored) per discount id. */
export type CodesByDiscount = ReadonlyMap<string, readonly string[]>;

/** The same, as the gram count takes them: arrays, or packed lists (a full sync's worker). */
export type CodeListsByDiscount = ReadonlyMap<string, readonly string[] | PackedCodeList>;

const sortedAsIndexed = (codes: readonly string[] | PackedCodeList): CodeList =>
  codes instanceof PackedCodeList
    ? codes.sorted()
    : codes.some(needsBytes)
      ? [...codes].sort(byBytes)
      : [...codes].sort();

/** Distinct grams of 1 to 3 characters of each code, counted once per code (keys: Alphabet numbers). */
const shortGramsOf = (codes: CodeList, alphabet: Alphabet): GramCounter => {
  const counter = new GramCounter();
  const chars: number[] = [];
  for (let c = 0; c < codes.length; c++) {
    charsOf(codes.at(c)!, alphabet, chars);
    for (let i = 0; i < chars.length; i++) {
      let key = 0;
      for (let k = 0; k < 3 && i + k < chars.length; k++) {
        key = (key << 10) | chars[i + k]!;
        counter.hit(key, c);
      }
    }
  }
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
const longGramsOf = (codes: CodeList, alphabet: Alphabet, isFrequent: (key: number) => boolean) => {
  const groups = new Map<string, { n: number; first: number }>();
  const chars: number[] = [];
  for (let c = 0; c < codes.length; c++) {
    const code = codes.at(c)!;
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
        windows = windows
          ? `${windows}\0${foldCase(sliceChars(code, bmp, start, i + 2))}`
          : foldCase(sliceChars(code, bmp, start, i + 2));
      start = -1;
    }
    if (start >= 0 && chars.length - start >= 4)
      windows = windows
        ? `${windows}\0${foldCase(sliceChars(code, bmp, start, chars.length))}`
        : foldCase(sliceChars(code, bmp, start, chars.length));
    if (!windows) continue;
    const group = groups.get(windows);
    if (group) group.n += 1;
    else groups.set(windows, { n: 1, first: c });
  }
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

export const searchGramsOf = (codes: CodeListsByDiscount, options: GramOptions): SearchGrams => {
  const alphabet = new Alphabet();
  // Each discount's codes in the index's order (so a gram's first counting code is its first code); `charsOf` folds.
  const discounts = [...codes].map(([discountId, list]) => ({ discountId, sorted: sortedAsIndexed(list) }));
  const short = discounts.map((d) => shortGramsOf(d.sorted, alphabet));
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
        : longGramsOf(d.sorted, alphabet, isFrequent),
    );
    if (options.frequent === null && frequent.size > 0 && long.reduce((n, m) => n + m.size, 0) > maxLongRows) {
      threshold *= 2;
      continue;
    }
    const rows: GramRow[] = [];
    discounts.forEach(({ discountId, sorted }, i) => {
      for (const [key, codeCount, first] of short[i]!.entries())
        rows.push({ discountId, gram: alphabet.gramOf(key), codeCount, firstCode: sorted.at(first)! });
      for (const [gram, { n, first }] of long[i]!)
        rows.push({ discountId, gram, codeCount: n, firstCode: sorted.at(first)! });
    });
    const pages =
      options.frequent === null
        ? gramPagesOf(discounts, short, alphabet, threshold / 2, options.pageCodes ?? gramPageCodes)
        : [];
    return { frequent: [...frequent].map((key) => alphabet.gramOf(key)), threshold, rows, pages };
  }
};
