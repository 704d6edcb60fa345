import type { CatalogImportStatus, CollectionLink, ProductLink } from '@dm/events/http';
import type pg from 'pg';

/** The brand, if the caller may see it: `brandIds` (the caller's brands) is never optional. */
const scoped = (params: { brandIds: readonly number[]; brandId: number }) =>
  params.brandIds.includes(params.brandId) ? params.brandId : null;

const ownStore = `jsonb_build_object('storeId', i.store_id, 'storeName', s.name)`;

/**
 * Lists are rendered to JSON by PostgreSQL from denormalised rows (the projection keeps each item's link
 * columns current), read in index order: a 20,000-item list is one index scan and one string, never 20,000
 * objects in Node. The shapes are `productListSchema`/`collectionListSchema`, asserted by the tests.
 */
const rendered = (table: string, fields: string, availableOnly: boolean) => `
  SELECT coalesce(json_agg(x.doc), '[]')::text AS body FROM (
    SELECT json_build_object(${fields},
      'isAvailableForDiscount', i.is_available, 'linkedStores', i.linked_stores,
      'stores', jsonb_build_array(${ownStore}) || i.linked_stores, 'storeId', i.store_id, 'storeName', s.name,
      'hasManualLink', i.has_manual_link) AS doc
    FROM ${table} i JOIN rm.stores s ON s.id = i.store_id
    WHERE i.brand_id = $1 ${availableOnly ? 'AND i.is_available' : ''}
    ORDER BY i.title, i.store_id, i.id
  ) x`;

export const productListSql = (availableOnly: boolean) =>
  rendered(
    'rm.catalog_products',
    `'id', i.id, 'name', i.title, 'title', i.title, 'handle', i.handle, 'status', i.status,
     'shopifyProductId', i.shopify_product_id, 'universalSku', i.universal_sku, 'sku', i.sku,
     'skuNormalized', i.sku_normalized, 'linkedProductIds', i.linked_ids, 'variants', i.variants`,
    availableOnly,
  );

export const collectionListSql = (availableOnly: boolean) =>
  rendered(
    'rm.catalog_collections',
    `'id', i.id, 'title', i.title, 'handle', i.handle, 'shopifyCollectionId', i.shopify_collection_id,
     'productsCount', i.products_count, 'linkedCollectionIds', i.linked_ids`,
    availableOnly,
  );

const renderedList = async (db: pg.Pool, sql: string, params: { brandIds: readonly number[]; brandId: number }) => {
  const brandId = scoped(params);
  if (brandId === null) return '[]';
  return (await db.query<{ body: string }>(sql, [brandId])).rows[0]?.body ?? '[]';
};

/** Products as a JSON array text (see above). */
export const listProductsJson = (db: pg.Pool, params: { brandIds: readonly number[]; brandId: number; availableOnly: boolean }) =>
  renderedList(db, productListSql(params.availableOnly), params);

export const listCollectionsJson = (
  db: pg.Pool,
  params: { brandIds: readonly number[]; brandId: number; availableOnly: boolean },
) => renderedList(db, collectionListSql(params.availableOnly), params);

export const listProductLinks = async (db: pg.Pool, params: { brandIds: readonly number[]; brandId: number }) => {
  const brandId = scoped(params);
  if (brandId === null) return [];
  return (
    await db.query<ProductLink>(
      `SELECT id, link_type AS "linkType", source_id AS "sourceProductId", target_id AS "targetProductId"
       FROM rm.catalog_links WHERE brand_id = $1 AND item_kind = 'product' ORDER BY id`,
      [brandId],
    )
  ).rows;
};

export const listCollectionLinks = async (db: pg.Pool, params: { brandIds: readonly number[]; brandId: number }) => {
  const brandId = scoped(params);
  if (brandId === null) return [];
  return (
    await db.query<CollectionLink>(
      `SELECT id, link_type AS "linkType", source_id AS "sourceCollectionId", target_id AS "targetCollectionId"
       FROM rm.catalog_links WHERE brand_id = $1 AND item_kind = 'collection' ORDER BY id`,
      [brandId],
    )
  ).rows;
};

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
