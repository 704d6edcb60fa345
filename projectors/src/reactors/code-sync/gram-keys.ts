/** The small-integer keys of grams (decision 0950): characters as numbers, and counts per key. */

/** Byte order of UTF-8 (COLLATE "C"): JavaScript's `<` agrees except where a surrogate pair meets U+E000–U+FFFF. */
export const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
export const needsBytes = (code: string) => /[\uD800-\uFFFF]/.test(code);
export const byUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Characters as small numbers, so a gram of up to 3 characters is one small integer (10 bits a character): the
 * counting of a million codes stays on integer maps. More than 1,023 distinct characters in one store's codes is
 * refused (the store then searches without counts, see the caller).
 */
export class Alphabet {
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

/**
 * A code as its characters' numbers (code points, so no surrogate half ever becomes a gram), ASCII letters folded
 * as ILIKE under COLLATE "C" folds them (`foldCase`): no folded copy of a million codes is made to count them.
 */
export const charsOf = (code: string, alphabet: Alphabet, into: number[]): number[] => {
  into.length = 0;
  for (let i = 0; i < code.length; i++) {
    const cp = code.codePointAt(i)!;
    if (cp > 0xffff) i++;
    into.push(alphabet.of(cp >= 0x41 && cp <= 0x5a ? cp + 0x20 : cp));
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
