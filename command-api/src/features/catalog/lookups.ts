import type { CatalogItemKind } from '@dm/events';
import type { BrandScope } from '@dm/events';
import type pg from 'pg';
import type { LinkFacts } from './commands';

const tableOf = (kind: CatalogItemKind) => (kind === 'product' ? 'rm.catalog_products' : 'rm.catalog_collections');

/**
 * Which of the ids are items of the brand. Read from the catalog read model: items come from imports
 * (the reactor), so the set of existing ids is not in any one stream a decider could fold cheaply.
 */
export const findItemIds = async (db: pg.Pool, kind: CatalogItemKind, brandId: number, ids: readonly string[]) =>
  (
    await db.query<{ id: string }>(`SELECT id FROM ${tableOf(kind)} WHERE brand_id = $1 AND id = ANY($2::uuid[])`, [
      brandId,
      ids,
    ])
  ).rows.map((r) => r.id);

/**
 * Every member of the groups of `ids` (decision 0660): the items reached from them through links, directly or
 * through other members, `ids` included. Links only ever join items of one brand and kind.
 */
export const groupMembersOf = async (db: pg.Pool, kind: CatalogItemKind, brandId: number, ids: readonly string[]) =>
  (
    await db.query<{ id: string }>(
      `WITH RECURSIVE members(id) AS (
         SELECT i.id FROM ${tableOf(kind)} i WHERE i.brand_id = $2 AND i.id = ANY($3::uuid[])
         UNION
         SELECT n.id FROM members m CROSS JOIN LATERAL (
           SELECT k.target_id AS id FROM rm.catalog_links k WHERE k.item_kind = $1 AND k.source_id = m.id
           UNION ALL
           SELECT k.source_id FROM rm.catalog_links k WHERE k.item_kind = $1 AND k.target_id = m.id
         ) n
       )
       SELECT id FROM members`,
      [kind, brandId, ids],
    )
  ).rows.map((r) => r.id);

export const isLinked = async (db: pg.Pool, kind: CatalogItemKind, a: string, b: string) =>
  (
    await db.query(
      `SELECT 1 FROM rm.catalog_links WHERE item_kind = $1
       AND ((source_id = $2 AND target_id = $3) OR (source_id = $3 AND target_id = $2))`,
      [kind, a, b],
    )
  ).rowCount! > 0;

/** The link, when it exists and belongs to one of the caller's brands (else the caller answers 404). */
export const findLink = async (
  db: pg.Pool,
  kind: CatalogItemKind,
  linkId: string,
  brandIds: BrandScope,
): Promise<LinkFacts | null> =>
  (
    await db.query<LinkFacts>(
      `SELECT id AS "linkId", brand_id AS "brandId", link_type AS "linkType", source_id AS "sourceId", target_id AS "targetId"
       FROM rm.catalog_links WHERE item_kind = $1 AND id = $2 AND ($3::int[] IS NULL OR brand_id = ANY($3::int[]))`,
      [kind, linkId, brandIds === 'all' ? null : brandIds],
    )
  ).rows[0] ?? null;
