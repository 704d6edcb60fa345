import type { CatalogImportStatus } from '@dm/events/http';
import { inBrandScope, type BrandScope } from '@dm/events';
import type pg from 'pg';
import type { ItemDocument } from './rendered-list';

/** The brand, if the caller may see it: `brandIds` (the caller's brands) is never optional. */
const scoped = (params: { brandIds: BrandScope; brandId: number }) =>
  inBrandScope(params.brandIds, params.brandId) ? params.brandId : null;

export type CatalogList = { readonly kind: 'product' | 'collection'; readonly availableOnly: boolean };
export const tableOf = (list: CatalogList) =>
  list.kind === 'product' ? 'rm.catalog_products' : 'rm.catalog_collections';
/** Whether a row `i` belongs in the list (its brand aside). */
export const membershipOf = (list: CatalogList) => (list.availableOnly ? 'i.is_available' : 'true');

/**
 * Lists concatenate the documents the projection renders per item (its link columns kept current), read in
 * index order: a 20,000-item list is one index scan, never 20,000 objects built in Node. The shapes are
 * `productListSchema`/`collectionListSchema`, asserted by the tests. Id and title let a cached list be patched.
 */
const documentsSql = (list: CatalogList) => `
  SELECT i.id, i.title, i.doc FROM ${tableOf(list)} i WHERE i.brand_id = $1 AND ${membershipOf(list)}
  ORDER BY i.brand_id, i.title, i.store_id, i.id`;

export const productListSql = (availableOnly: boolean) => documentsSql({ kind: 'product', availableOnly });
export const collectionListSql = (availableOnly: boolean) => documentsSql({ kind: 'collection', availableOnly });

/** Every document of the list, in list order. */
export const listDocuments = async (
  db: pg.Pool,
  list: CatalogList,
  params: { brandIds: BrandScope; brandId: number },
) => {
  const brandId = scoped(params);
  if (brandId === null) return [];
  return (await db.query<ItemDocument>(documentsSql(list), [brandId])).rows;
};

/** Links concatenated by PostgreSQL: they are not cached (a few per item, each tiny). */
const renderedList = async (db: pg.Pool, sql: string, params: { brandIds: BrandScope; brandId: number }) => {
  const brandId = scoped(params);
  if (brandId === null) return '[]';
  const { rows } = await db.query<{ doc: string }>(sql, [brandId]);
  return `[${rows.map((r) => r.doc).join(',')}]`;
};

const linksSql = (kind: 'product' | 'collection', source: string, target: string) => `
  SELECT json_build_object('id', id, 'linkType', link_type, '${source}', source_id, '${target}', target_id)::text AS doc
  FROM rm.catalog_links WHERE brand_id = $1 AND item_kind = '${kind}' ORDER BY id`;
export const productLinksSql = linksSql('product', 'sourceProductId', 'targetProductId');
export const collectionLinksSql = linksSql('collection', 'sourceCollectionId', 'targetCollectionId');

/** Links as a JSON array text; shapes `productLinkListSchema`/`collectionLinkListSchema`. */
export const listProductLinksJson = (db: pg.Pool, params: { brandIds: BrandScope; brandId: number }) =>
  renderedList(db, productLinksSql, params);

export const listCollectionLinksJson = (db: pg.Pool, params: { brandIds: BrandScope; brandId: number }) =>
  renderedList(db, collectionLinksSql, params);

export const findImport = async (
  db: pg.Pool,
  params: { brandIds: BrandScope; importId: string },
): Promise<CatalogImportStatus | null> =>
  (
    await db.query<CatalogImportStatus>(
      `SELECT import_id AS "importId", kind, brand_id AS "brandId", store_id AS "storeId", status, imported, failed,
              skipped, error, to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "requestedAt",
              to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "finishedAt"
       FROM rm.catalog_imports WHERE import_id = $1 AND ($2::int[] IS NULL OR brand_id = ANY($2::int[]))`,
      [params.importId, params.brandIds === 'all' ? null : params.brandIds],
    )
  ).rows[0] ?? null;
