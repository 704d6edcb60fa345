import type { CatalogItemKind } from '@dm/events';
import type pg from 'pg';
import type { ChangePosition } from './change-position';
import { refreshDocuments } from './documents';

const tableOf = (kind: CatalogItemKind) => (kind === 'product' ? 'rm.catalog_products' : 'rm.catalog_collections');

/** The items linked to any of `ids`: whose link columns change when the links of `ids` change. */
export const partnersOf = async (tx: pg.PoolClient, kind: CatalogItemKind, ids: readonly string[]): Promise<string[]> =>
  (
    await tx.query<{ id: string }>(
      `SELECT target_id AS id FROM rm.catalog_links WHERE item_kind = $1 AND source_id = ANY($2::uuid[])
       UNION SELECT source_id FROM rm.catalog_links WHERE item_kind = $1 AND target_id = ANY($2::uuid[])`,
      [kind, ids],
    )
  ).rows.map((r) => r.id);

/** Recomputes the link columns (other ends, their other stores, manual or not) and list documents of these items. */
export const refreshLinkColumns = async (
  tx: pg.PoolClient,
  kind: CatalogItemKind,
  ids: readonly string[],
  at: ChangePosition,
) => {
  const table = tableOf(kind);
  await tx.query(
    `UPDATE ${table} p
     SET linked_ids = coalesce(l.ids, '{}'), linked_stores = coalesce(l.stores, '[]'),
         has_manual_link = coalesce(l.manual, false)
     FROM unnest($2::uuid[]) AS t(id)
     LEFT JOIN (
       SELECT e.id, array_agg(o.id ORDER BY o.store_id, o.id) AS ids,
              -- other stores only: the list puts the item's own store first itself
              coalesce(jsonb_agg(DISTINCT jsonb_build_object('storeId', o.store_id, 'storeName', os.name))
                FILTER (WHERE o.store_id <> me.store_id), '[]') AS stores,
              bool_or(e.link_type = 'manual') AS manual
       FROM (
         SELECT k.source_id AS id, k.target_id AS other, k.link_type FROM rm.catalog_links k
         WHERE k.item_kind = $1 AND k.source_id = ANY($2::uuid[])
         UNION ALL
         SELECT k.target_id, k.source_id, k.link_type FROM rm.catalog_links k
         WHERE k.item_kind = $1 AND k.target_id = ANY($2::uuid[])
       ) e
       JOIN ${table} o ON o.id = e.other
       JOIN ${table} me ON me.id = e.id
       JOIN rm.catalog_stores os ON os.id = o.store_id
       GROUP BY e.id
     ) l ON l.id = t.id
     WHERE p.id = t.id`,
    [kind, [...new Set(ids)]],
  );
  await refreshDocuments(tx, kind, ids, at);
};
