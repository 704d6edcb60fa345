import type { CatalogItemKind } from '@dm/events';
import type { EquivalentOffer } from '@dm/events/http';
import type pg from 'pg';
import type { CatalogCoverage, CatalogTarget } from './preflight';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tableOf = (kind: CatalogItemKind) => (kind === 'product' ? 'rm.catalog_products' : 'rm.catalog_collections');

/**
 * Per target, the stores among `storeIds` holding it or an item of its link group (the walk the deployment's
 * `copiesInStore` makes over `rm.catalog_links`, manual and automatic links alike, chains included).
 */
const groupStores = async (db: pg.Pool, kind: CatalogItemKind, ids: readonly string[], storeIds: readonly number[]) => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{
    id: string;
    title: string;
    store_ids: number[];
    handles: string[];
    members: string[];
  }>(
    `WITH RECURSIVE grp(root, id) AS (
       SELECT r, r FROM unnest($1::uuid[]) AS r
       UNION
       SELECT g.root, CASE WHEN l.source_id = g.id THEN l.target_id ELSE l.source_id END
       FROM grp g JOIN rm.catalog_links l ON l.item_kind = $2 AND (l.source_id = g.id OR l.target_id = g.id)
     )
     SELECT g.root AS id, min(me.title) AS title,
            coalesce(array_agg(DISTINCT i.store_id) FILTER (WHERE i.store_id = ANY($3::int[])), '{}') AS store_ids,
            array_agg(DISTINCT lower(trim(i.handle))) AS handles, array_agg(DISTINCT i.id) AS members
     FROM grp g JOIN ${tableOf(kind)} i ON i.id = g.id JOIN ${tableOf(kind)} me ON me.id = g.root
     GROUP BY g.root`,
    [ids, kind, storeIds],
  );
  return rows;
};

/**
 * Collections with the same handle as a member of the group, in the given stores of the same brand, not already
 * in the group: offered as equivalents a person confirms by linking them (decision 1380). Never linked here.
 */
const sameHandleOffers = async (
  db: pg.Pool,
  group: { id: string; handles: string[]; members: string[] },
  storeIds: readonly number[],
) => {
  const { rows } = await db.query<EquivalentOffer & { storeId: number }>(
    `SELECT c.id, c.title, c.handle, c.store_id AS "storeId"
     FROM rm.catalog_collections c JOIN rm.catalog_collections me ON me.id = $1
     WHERE c.brand_id = me.brand_id AND c.store_id = ANY($2::int[]) AND lower(trim(c.handle)) = ANY($3::text[])
       AND NOT c.id = ANY($4::uuid[])
     ORDER BY c.store_id, c.title, c.id`,
    [group.id, storeIds, group.handles, group.members],
  );
  const offers: Record<number, EquivalentOffer[]> = {};
  for (const { storeId, ...offer } of rows) (offers[storeId] ??= []).push(offer);
  return offers;
};

/** Where each target has an equivalent among `storeIds`, and the same-handle offers for a collection. */
export const readCoverage = async (
  db: pg.Pool,
  targets: readonly CatalogTarget[],
  storeIds: readonly number[],
): Promise<CatalogCoverage> => {
  // Ids that are not UUIDs cannot be items: the create refuses them by name, the lookup skips them.
  const idsOf = (kind: CatalogItemKind) => [
    ...new Set(targets.filter((t) => t.kind === kind && uuidPattern.test(t.id)).map((t) => t.id)),
  ];
  const result: CatalogCoverage['targets'][number][] = [];
  for (const kind of ['product', 'collection'] as const) {
    for (const group of await groupStores(db, kind, idsOf(kind), storeIds)) {
      const lacking = storeIds.filter((s) => !group.store_ids.includes(s));
      const offers = kind === 'collection' && lacking.length > 0 ? await sameHandleOffers(db, group, lacking) : {};
      result.push({ kind, id: group.id, title: group.title, storeIds: group.store_ids, offers });
    }
  }
  return { targets: result };
};
