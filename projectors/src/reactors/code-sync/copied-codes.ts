/** COPY's text format back to the value (the escapes `copyText` writes, and COPY's own for other bytes). */
export const uncopyText = (value: string) =>
  value.includes('\\')
    ? value.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' })[c] ?? c)
    : value;

const newline = 0x0a;
const tab = 0x09;

/**
 * Hands each complete line of `rest` and then `chunk` to `take` (its bytes, start and end, the newline left out) and
 * returns what follows the last newline, to be passed as `rest` with the next chunk.
 */
export const eachLine = (
  rest: Buffer,
  chunk: Uint8Array,
  take: (bytes: Buffer, start: number, end: number) => void,
): Buffer => {
  const bytes =
    rest.length > 0 ? Buffer.concat([rest, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let start = 0;
  for (let end = bytes.indexOf(newline, start); end >= 0; end = bytes.indexOf(newline, start)) {
    take(bytes, start, end);
    start = end + 1;
  }
  // Copied: the chunk's memory may be reused or transferred by its sender.
  return Buffer.from(bytes.subarray(start));
};

/**
 * The codes per discount of `COPY (SELECT discount_id, code …) TO STDOUT`, taken from its bytes as they arrive.
 * Each code is decoded from its own bytes: a substring of a chunk's text would keep the whole chunk alive (the
 * discount ids and every other code of it), which for a million codes is tens of megabytes more than the codes.
 */
export class CopiedCodes {
  readonly codes = new Map<string, string[]>();
  private rest: Buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): void {
    this.rest = eachLine(this.rest, chunk, (bytes, start, end) => this.take(bytes, start, end));
  }

  /** The codes, once every chunk is pushed. */
  end(): Map<string, string[]> {
    if (this.rest.length > 0) this.take(this.rest, 0, this.rest.length);
    this.rest = Buffer.alloc(0);
    return this.codes;
  }

  private take(bytes: Buffer, start: number, end: number): void {
    const at = bytes.indexOf(tab, start);
    if (at < 0 || at >= end) return;
    const discountId = uncopyText(bytes.toString('utf8', start, at));
    let list = this.codes.get(discountId);
    if (!list) this.codes.set(discountId, (list = []));
    list.push(uncopyText(bytes.toString('utf8', at + 1, end)));
  }
}
