import { projectionCheckpointName } from '@dm/event-store';
import type pg from 'pg';

export interface CachedList {
  readonly body: string;
  /** Where the catalog projection stood when the body was rendered; doubles as the ETag. */
  readonly etag: string;
}

/**
 * Rendered catalog lists (megabytes for a big brand), reused while the catalog projection has not moved:
 * any event it handles may change them, so its checkpoint is the validity token. Conservative by design — a
 * render that raced a projection step is stored under the older checkpoint and re-rendered next time.
 */
export const createListCache = (db: pg.Pool, maxEntries = 16) => {
  const entries = new Map<string, CachedList>();
  const checkpoint = async () =>
    (
      await db.query<{ at: string }>(`SELECT tx_id::text || '-' || position AS at FROM es.checkpoints WHERE name = $1`, [
        projectionCheckpointName('catalog'),
      ])
    ).rows[0]?.at ?? 'none';

  return async (key: string, render: () => Promise<string>): Promise<CachedList> => {
    const etag = `"catalog-${await checkpoint()}"`;
    const hit = entries.get(key);
    entries.delete(key);
    const entry = hit?.etag === etag ? hit : { body: await render(), etag };
    entries.set(key, entry); // most recently used last
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return entry;
  };
};
