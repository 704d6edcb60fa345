/**
 * A list's JSON array as bytes ready to send, with, per item in list order, its id, its sort title and the byte
 * range of its document in the body. Offsets are typed arrays: a patch shifts 20,000 of them in a tight loop.
 */
export interface RenderedList {
  readonly body: Buffer;
  readonly ids: readonly string[];
  readonly titles: readonly string[];
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly indexOf: ReadonlyMap<string, number>;
}

export interface ItemDocument {
  readonly id: string;
  readonly title: string;
  readonly doc: string;
}

/** A changed item of the list's brand; `member`: whether it belongs in this list now. */
export interface ItemChange extends ItemDocument {
  readonly member: boolean;
}

const [open, comma, close] = ['[', ',', ']'].map((s) => Buffer.from(s)) as [Buffer, Buffer, Buffer];
const indexOfIds = (ids: readonly string[]) => new Map(ids.map((id, i) => [id, i]));

/** The list from its documents in list order. */
export const renderList = (documents: readonly ItemDocument[]): RenderedList => {
  const pieces: Buffer[] = [open];
  const starts = new Uint32Array(documents.length);
  const ends = new Uint32Array(documents.length);
  let length = open.length;
  documents.forEach((d, i) => {
    if (i > 0) {
      pieces.push(comma);
      length += comma.length;
    }
    const doc = Buffer.from(d.doc);
    pieces.push(doc);
    starts[i] = length;
    ends[i] = length += doc.length;
  });
  pieces.push(close);
  const ids = documents.map((d) => d.id);
  const body = Buffer.concat(pieces, length + close.length);
  return { body, ids, titles: documents.map((d) => d.title), starts, ends, indexOf: indexOfIds(ids) };
};

/**
 * The list with these changes applied, or null when one needs a full render: an item joins the list or changes
 * title, so its place is decided by PostgreSQL's collation, which this does not reproduce. Leaving the list
 * keeps the others' order, so that is applied. Applying a change the list already shows is harmless.
 */
export const patchList = (list: RenderedList, changes: readonly ItemChange[]): RenderedList | null => {
  const edits = new Map<number, Buffer | null>(); // by index: the new document, or null when the item leaves
  for (const change of changes) {
    const at = list.indexOf.get(change.id);
    if (at === undefined) {
      if (change.member) return null;
      continue;
    }
    if (change.member && list.titles[at] !== change.title) return null;
    edits.set(at, change.member ? Buffer.from(change.doc) : null);
  }
  if (edits.size === 0) return list;
  const leaving = [...edits.values()].filter((doc) => doc === null).length;
  const count = list.ids.length - leaving;
  const [starts, ends] = [new Uint32Array(count), new Uint32Array(count)];
  const pieces: Buffer[] = [open];
  let [length, out] = [open.length, 0];
  const separate = () => {
    if (out === 0) return;
    pieces.push(comma);
    length += comma.length;
  };
  // Unchanged items [from, to) move as one slice of the old body, commas between them included.
  const keep = (from: number, to: number) => {
    if (from >= to) return;
    separate();
    pieces.push(list.body.subarray(list.starts[from], list.ends[to - 1]));
    const shift = length - list.starts[from]!;
    for (let i = from; i < to; i++, out++) {
      starts[out] = list.starts[i]! + shift;
      ends[out] = list.ends[i]! + shift;
    }
    length += list.ends[to - 1]! - list.starts[from]!;
  };
  let next = 0;
  for (const at of [...edits.keys()].sort((a, b) => a - b)) {
    keep(next, at);
    next = at + 1;
    const doc = edits.get(at)!;
    if (!doc) continue;
    separate();
    pieces.push(doc);
    starts[out] = length;
    ends[out] = length += doc.length;
    out++;
  }
  keep(next, list.ids.length);
  pieces.push(close);
  const body = Buffer.concat(pieces, length + close.length);
  if (leaving === 0) return { ...list, body, starts, ends };
  const ids = list.ids.filter((_, i) => edits.get(i) !== null);
  const titles = list.titles.filter((_, i) => edits.get(i) !== null);
  return { body, ids, titles, starts, ends, indexOf: indexOfIds(ids) };
};
