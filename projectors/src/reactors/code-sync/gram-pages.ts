import { byBytes, byUnits, charsOf, needsBytes, type Alphabet, type GramCounter } from './gram-keys';
import type { CodeList } from './packed-codes';

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

const someCode = (codes: CodeList, test: (code: string) => boolean) => {
  for (let i = 0; i < codes.length; i++) if (test(codes.at(i)!)) return true;
  return false;
};

/** Codes a gram page lists before its bound: page 1 and 2 of the screen's 50 rows. */
export const gramPageCodes = 100;

/**
 * The gram pages of a full sync: for every short gram held by at least half the frequent threshold's codes of the
 * store, its first `size` codes (more when the last ones share their text) in the store's byte order. The
 * discounts' sorted lists are merged into that order and read until every page is full.
 */
export const gramPagesOf = (
  discounts: readonly { discountId: string; sorted: CodeList }[],
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
  const compare = discounts.some((d) => someCode(d.sorted, needsBytes)) ? byBytes : byUnits;
  // A binary heap of the discounts by their next code.
  const next = discounts.map(() => 0);
  const heap = discounts.map((_, i) => i).filter((i) => discounts[i]!.sorted.length > 0);
  const less = (a: number, b: number) =>
    compare(discounts[a]!.sorted.at(next[a]!)!, discounts[b]!.sorted.at(next[b]!)!) < 0;
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
    const { discountId, sorted } = discounts[d]!;
    const code = sorted.at(next[d]!)!;
    // Every page full: done once past the last text read (codes sharing it must all be on the pages ending with it).
    if (open === 0 && code !== lastText) break;
    lastText = code;
    charsOf(code, alphabet, chars);
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
