/** An item as a list holds it: its id, its sort title and where its document sits in the body. */
export interface ListItem {
  readonly id: string;
  readonly title: string;
  readonly start: number;
  readonly end: number;
}

/** A list's JSON array as bytes ready to send, with where each item's document is in it. */
export interface RenderedList {
  readonly body: Buffer;
  readonly items: readonly ListItem[];
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

/**
 * Writes a body item by item. Unchanged items that were next to each other are copied as one slice of the old
 * body: a patch of a 13 MB list then costs a few large copies, not 40,000 small ones.
 */
const listWriter = (old: RenderedList | null) => {
  const pieces: Buffer[] = [open];
  const items: ListItem[] = [];
  let length = open.length;
  let copy: { start: number; end: number } | null = null;
  const flush = () => {
    if (copy && old) pieces.push(old.body.subarray(copy.start, copy.end));
    copy = null;
  };
  const place = (id: string, title: string, size: number) => {
    items.push({ id, title, start: length, end: length + size });
    length += size;
  };
  const separate = () => {
    if (items.length === 0) return;
    pieces.push(comma);
    length += comma.length;
  };
  return {
    write(id: string, title: string, doc: Buffer) {
      flush();
      separate();
      pieces.push(doc);
      place(id, title, doc.length);
    },
    /** `item` of the old body, whose bytes are reused (with the comma before them, if its neighbour came too). */
    keep(item: ListItem) {
      if (copy && copy.end + comma.length === item.start) {
        copy.end = item.end;
        length += comma.length;
      } else {
        flush();
        separate();
        copy = { start: item.start, end: item.end };
      }
      place(item.id, item.title, item.end - item.start);
    },
    finish(indexOf?: ReadonlyMap<string, number>): RenderedList {
      flush();
      pieces.push(close);
      const body = Buffer.concat(pieces, length + close.length);
      return { body, items, indexOf: indexOf ?? new Map(items.map((item, i) => [item.id, i])) };
    },
  };
};

/** The list from its documents in list order. */
export const renderList = (documents: readonly ItemDocument[]): RenderedList => {
  const writer = listWriter(null);
  for (const d of documents) writer.write(d.id, d.title, Buffer.from(d.doc));
  return writer.finish();
};

/**
 * The list with these changes applied in place, or null when one needs a full render: an item joins the list
 * or changes title, so its place is decided by PostgreSQL's collation, which this does not reproduce. Leaving
 * the list keeps the others' order, so that is applied. Applying a change the list already shows is harmless.
 */
export const patchList = (list: RenderedList, changes: readonly ItemChange[]): RenderedList | null => {
  const changed = new Map<string, ItemChange>();
  let leaving = 0;
  for (const change of changes) {
    const at = list.indexOf.get(change.id);
    if (at === undefined) {
      if (change.member) return null;
      continue;
    }
    if (change.member && list.items[at]!.title !== change.title) return null;
    if (!change.member) leaving += 1;
    changed.set(change.id, change);
  }
  if (changed.size === 0) return list;
  const writer = listWriter(list);
  for (const item of list.items) {
    const change = changed.get(item.id);
    if (!change) writer.keep(item);
    else if (change.member) writer.write(item.id, item.title, Buffer.from(change.doc));
  }
  return writer.finish(leaving === 0 ? list.indexOf : undefined);
};
