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
