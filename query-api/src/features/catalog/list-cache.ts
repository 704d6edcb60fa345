import type { BrandScope } from '@dm/events';
import type pg from 'pg';
import { listChangesSince, type CatalogPosition } from './list-changes';
import { listDocuments, type CatalogList } from './queries';
import { patchList, renderList, type RenderedList } from './rendered-list';

export interface CachedList {
  readonly body: Buffer;
  /** Where the catalog projection stood when the body was made; doubles as the ETag. */
  readonly etag: string;
  /** How this answer was made: kept as it was, patched with the items that changed, or rendered afresh. */
  readonly made: 'reused' | 'patched' | 'rendered';
}

interface Entry {
  readonly list: RenderedList;
  readonly at: CatalogPosition;
}

/** More changed items than this and a full render (one index scan) is the cheaper way. */
const patchLimit = 1000;

const isAhead = (a: CatalogPosition, b: CatalogPosition) =>
  a.version === b.version && (a.txId > b.txId || (a.txId === b.txId && a.position > b.position));
const isSame = (a: CatalogPosition, b: CatalogPosition) =>
  a.version === b.version && a.txId === b.txId && a.position === b.position;
const etagOf = (at: CatalogPosition | null) => `"catalog-${at ? `${at.version}-${at.txId}-${at.position}` : 'none'}"`;

/**
 * Rendered catalog lists (megabytes for a big brand) per list and brand, at most `maxEntries`. While the catalog
 * projection stands still a list is reused; when it moved, the items stamped since (decision 0603) are patched
 * in, and anything a patch cannot place (an item joins or is retitled, a rebuild, many changes) renders the
 * list afresh. Items are never deleted but by a rebuild, which moves the checkpoint back (or the version on):
 * a render then. A render stores the checkpoint read before it: conservative, since re-applying a change the
 * list already shows is harmless.
 */
export const createListCache = (db: pg.Pool, maxEntries = 16) => {
  const entries = new Map<string, Entry>();
  const remember = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry); // most recently used last
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  return async (list: CatalogList, params: { brandIds: BrandScope; brandId: number }): Promise<CachedList> => {
    const key = `${list.kind}:${list.availableOnly}:${params.brandId}`;
    const hit = entries.get(key);
    const now = await listChangesSince(db, list, params.brandId, hit?.at ?? null, patchLimit);
    const render = async () => renderList(await listDocuments(db, list, params));
    if (!now) return { body: (await render()).body, etag: etagOf(null), made: 'rendered' };
    let made: CachedList['made'] = 'rendered';
    let next: RenderedList | null = null;
    if (hit && isSame(now.at, hit.at)) [made, next] = ['reused', hit.list];
    else if (hit && isAhead(now.at, hit.at) && now.changed) {
      const patched = patchList(hit.list, now.changed);
      if (patched) [made, next] = [patched === hit.list ? 'reused' : 'patched', patched];
    }
    next ??= await render();
    remember(key, { list: next, at: now.at });
    return { body: next.body, etag: etagOf(now.at), made };
  };
};
