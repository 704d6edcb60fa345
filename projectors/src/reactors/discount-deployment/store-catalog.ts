import type pg from 'pg';

export type ItemKind = 'product' | 'collection';

/** A catalog item's copy in one store: its Shopify id and, for a product, its variants' ids. */
export interface StoreCopy {
  readonly shopifyId: string;
  readonly variantIds: readonly string[];
}

const tables = {
  product: { table: 'rm.catalog_products', shopifyId: 'i.shopify_product_id', variants: 'i.variants' },
  collection: { table: 'rm.catalog_collections', shopifyId: 'i.shopify_collection_id', variants: `'[]'::jsonb` },
} as const;

/**
 * Each catalog item's copy in `storeId`: the item itself when it belongs to that store, else an item linked to
 * it (directly or through other links: the whole equivalence group) in that store. Items without one are absent.
 */
export const copiesInStore = async (
  db: pg.Pool,
  kind: ItemKind,
  ids: readonly string[],
  storeId: number,
): Promise<Map<string, StoreCopy>> => {
  if (ids.length === 0) return new Map();
  const t = tables[kind];
  const { rows } = await db.query<{ root: string; shopify_id: string; variants: { id: string }[] }>(
    `WITH RECURSIVE grp(root, id) AS (
       SELECT r, r FROM unnest($1::uuid[]) AS r
       UNION
       SELECT g.root, CASE WHEN l.source_id = g.id THEN l.target_id ELSE l.source_id END
       FROM grp g JOIN rm.catalog_links l ON l.item_kind = $2 AND (l.source_id = g.id OR l.target_id = g.id)
     )
     SELECT DISTINCT ON (g.root) g.root, ${t.shopifyId} AS shopify_id, ${t.variants} AS variants
     FROM grp g JOIN ${t.table} i ON i.id = g.id AND i.store_id = $3
     ORDER BY g.root, (i.id = g.root) DESC, i.id`,
    [[...new Set(ids)], kind, storeId],
  );
  return new Map(rows.map((r) => [r.root, { shopifyId: r.shopify_id, variantIds: r.variants.map((v) => v.id) }]));
};

/** Titles of catalog items, to name what a store is missing. */
export const titlesOf = async (db: pg.Pool, kind: ItemKind, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; title: string }>(
    `SELECT id, title FROM ${tables[kind].table} WHERE id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.title]));
};

export interface TargetStore {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
}

export const targetStore = async (db: pg.Pool, storeId: number): Promise<TargetStore | null> => {
  const { rows } = await db.query<{ slug: string; name: string }>(
    'SELECT url_slug AS slug, name FROM rm.stores WHERE id = $1',
    [storeId],
  );
  return rows[0] ? { id: storeId, ...rows[0] } : null;
};
