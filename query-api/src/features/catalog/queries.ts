import type { CatalogImportStatus } from '@dm/events/http';
import type pg from 'pg';

/** The brand, if the caller may see it: `brandIds` (the caller's brands) is never optional. */
const scoped = (params: { brandIds: readonly number[]; brandId: number }) =>
  params.brandIds.includes(params.brandId) ? params.brandId : null;

/**
 * Lists concatenate the documents the projection renders per item (its link columns kept current), read in
 * index order: a 20,000-item list is one index scan and one string, never 20,000 objects built in Node. Rows,
 * not one aggregated value: the same bytes cross the wire and node-pg's parser faster that way. The shapes are
 * `productListSchema`/`collectionListSchema`, asserted by the tests.
 */
const documentsSql = (table: string, availableOnly: boolean) => `
  SELECT i.doc FROM ${table} i WHERE i.brand_id = $1 ${availableOnly ? 'AND i.is_available' : ''}
  ORDER BY i.brand_id, i.title, i.store_id, i.id`;

export const productListSql = (availableOnly: boolean) => documentsSql('rm.catalog_products', availableOnly);
export const collectionListSql = (availableOnly: boolean) => documentsSql('rm.catalog_collections', availableOnly);

const renderedList = async (db: pg.Pool, sql: string, params: { brandIds: readonly number[]; brandId: number }) => {
  const brandId = scoped(params);
  if (brandId === null) return '[]';
  const { rows } = await db.query<{ doc: string }>(sql, [brandId]);
  return `[${rows.map((r) => r.doc).join(',')}]`;
};

/** Products as a JSON array text (see above). */
export const listProductsJson = (db: pg.Pool, params: { brandIds: readonly number[]; brandId: number; availableOnly: boolean }) =>
  renderedList(db, productListSql(params.availableOnly), params);

export const listCollectionsJson = (
  db: pg.Pool,
  params: { brandIds: readonly number[]; brandId: number; availableOnly: boolean },
) => renderedList(db, collectionListSql(params.availableOnly), params);

const linksSql = (kind: 'product' | 'collection', source: string, target: string) => `
  SELECT json_build_object('id', id, 'linkType', link_type, '${source}', source_id, '${target}', target_id)::text AS doc
  FROM rm.catalog_links WHERE brand_id = $1 AND item_kind = '${kind}' ORDER BY id`;

/** Links as a JSON array text; shapes `productLinkListSchema`/`collectionLinkListSchema`. */
export const listProductLinksJson = (db: pg.Pool, params: { brandIds: readonly number[]; brandId: number }) =>
  renderedList(db, linksSql('product', 'sourceProductId', 'targetProductId'), params);

export const listCollectionLinksJson = (db: pg.Pool, params: { brandIds: readonly number[]; brandId: number }) =>
  renderedList(db, linksSql('collection', 'sourceCollectionId', 'targetCollectionId'), params);

export const findImport = async (
  db: pg.Pool,
  params: { brandIds: readonly number[]; importId: string },
): Promise<CatalogImportStatus | null> =>
  (
    await db.query<CatalogImportStatus>(
      `SELECT import_id AS "importId", kind, brand_id AS "brandId", store_id AS "storeId", status, imported, failed,
              skipped, error, to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "requestedAt",
              to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "finishedAt"
       FROM rm.catalog_imports WHERE import_id = $1 AND brand_id = ANY($2::int[])`,
      [params.importId, params.brandIds],
    )
  ).rows[0] ?? null;
