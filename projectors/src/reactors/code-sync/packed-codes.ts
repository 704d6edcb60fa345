import { eachLine, uncopyText } from './copied-codes';
import { byBytes, needsBytes } from './gram-keys';

/** A discount's codes by position: an array of them, or `PackedCodeList`. */
export interface CodeList {
  readonly length: number;
  at(index: number): string | undefined;
}

/**
 * A discount's codes as one string (each code followed by NUL, which no PostgreSQL text holds) and where each
 * starts, in `order`: a million codes take their characters and 8 bytes each, where a million strings take some
 * 40 bytes each more (decision 1520). A code read by `at` is a short-lived slice.
 */
export class PackedCodeList implements CodeList {
  constructor(
    private readonly text: string,
    private readonly starts: Int32Array,
    private readonly order: Int32Array,
  ) {}

  get length(): number {
    return this.order.length;
  }

  at(index: number): string | undefined {
    const k = this.order[index];
    return k === undefined ? undefined : this.text.slice(this.starts[k], this.starts[k + 1]! - 1);
  }

  /** The same codes in the index's byte order (COLLATE "C"), sharing the text; itself when already in it. */
  sorted(): PackedCodeList {
    const { text, starts } = this;
    const compare = needsBytes(text)
      ? (a: number, b: number) =>
          byBytes(text.slice(starts[a], starts[a + 1]! - 1), text.slice(starts[b], starts[b + 1]! - 1))
      : // UTF-16 order is byte order here: compared in place, no code sliced.
        (a: number, b: number) => {
          const endA = starts[a + 1]! - 1;
          const endB = starts[b + 1]! - 1;
          for (let i = starts[a]!, j = starts[b]!; ; i++, j++) {
            if (i === endA) return j === endB ? 0 : -1;
            if (j === endB) return 1;
            const d = text.charCodeAt(i) - text.charCodeAt(j);
            if (d !== 0) return d;
          }
        };
    const { order } = this;
    for (let i = 1; i < order.length; i++)
      if (compare(order[i - 1]!, order[i]!) > 0)
        return new PackedCodeList(text, starts, Int32Array.from(order).sort(compare));
    return this;
  }
}

const tab = 0x09;
const backslash = 0x5c;
const pieceBytes = 1 << 18;

/** One discount's codes as they arrive: bytes gathered in pieces, each piece decoded once full. */
class ListBuilder {
  private readonly texts: string[] = [];
  private piece = Buffer.allocUnsafe(pieceBytes);
  private used = 0;
  count = 0;

  add(bytes: Buffer, start: number, end: number): void {
    let escaped = false;
    for (let i = start; i < end && !escaped; i++) escaped = bytes[i] === backslash;
    // Only an escaped code is decoded here: the others are copied as bytes, making no garbage per code.
    const [from, first, last] = escaped
      ? [Buffer.from(uncopyText(bytes.toString('utf8', start, end))), 0, -1]
      : [bytes, start, end];
    const length = (last < 0 ? from.length : last) - first;
    if (this.used + length + 1 > this.piece.length) this.flush(length + 1);
    from.copy(this.piece, this.used, first, first + length);
    this.piece[this.used + length] = 0;
    this.used += length + 1;
    this.count += 1;
  }

  end(): PackedCodeList {
    this.flush(0);
    const text = this.texts.join('');
    this.texts.length = 0;
    const starts = new Int32Array(this.count + 1);
    for (let k = 1, at = text.indexOf('\0'); at >= 0; at = text.indexOf('\0', at + 1)) starts[k++] = at + 1;
    return new PackedCodeList(
      text,
      starts,
      Int32Array.from({ length: this.count }, (_, i) => i),
    );
  }

  private flush(room: number): void {
    if (this.used > 0) this.texts.push(this.piece.toString('utf8', 0, this.used));
    this.used = 0;
    if (room > this.piece.length) this.piece = Buffer.allocUnsafe(room);
  }
}

/**
 * The codes per discount of `COPY (SELECT discount_id, code …) TO STDOUT` as packed lists, taken from its bytes as
 * they arrive (as `CopiedCodes` takes them as strings).
 */
export class PackedCodes {
  private readonly lists = new Map<string, ListBuilder>();
  private rest: Buffer = Buffer.alloc(0);
  /** The last line's discount id and list: the lines of a discount mostly follow each other. */
  private last: { id: Buffer; list: ListBuilder } | null = null;

  push(chunk: Uint8Array): void {
    this.rest = eachLine(this.rest, chunk, (bytes, start, end) => this.take(bytes, start, end));
  }

  /** The codes, once every chunk is pushed. */
  end(): Map<string, PackedCodeList> {
    if (this.rest.length > 0) this.take(this.rest, 0, this.rest.length);
    this.rest = Buffer.alloc(0);
    const lists = new Map([...this.lists].map(([discountId, builder]) => [discountId, builder.end()]));
    this.lists.clear();
    this.last = null;
    return lists;
  }

  private take(bytes: Buffer, start: number, end: number): void {
    const at = bytes.indexOf(tab, start);
    if (at < 0 || at >= end) return;
    const { last } = this;
    if (last && at - start === last.id.length && bytes.compare(last.id, 0, last.id.length, start, at) === 0)
      return last.list.add(bytes, at + 1, end);
    const discountId = uncopyText(bytes.toString('utf8', start, at));
    let list = this.lists.get(discountId);
    if (!list) this.lists.set(discountId, (list = new ListBuilder()));
    this.last = { id: Buffer.from(bytes.subarray(start, at)), list };
    list.add(bytes, at + 1, end);
  }
}
