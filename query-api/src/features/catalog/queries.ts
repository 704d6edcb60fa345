import type { CatalogImportStatus, Collection, CollectionLink, Product, ProductLink } from '@dm/events/http';
import type pg from 'pg';

/** The brand, if the caller may see it: `brandIds` (the caller's brands) is never optional. */
const scoped = (params: { brandIds: readonly number[]; brandId: number }) =>
  params.brandIds.includes(params.brandId) ? params.brandId : null;

// Every link end of the brand at once (each link seen from both sides), grouped per item: one pass over the
// brand's links instead of a lookup per item, so a 20,000-item list stays a few hash joins.
const linkedOf = (kind: 'product' | 'collection', table: string) => `
  LEFT JOIN (
    SELECT e.id, array_agg(o.id ORDER BY o.store_id, o.id) AS ids,
           json_agg(DISTINCT jsonb_build_object('storeId', o.store_id, 'storeName', os.name)) AS stores,
           bool_or(e.link_type = 'manual') AS manual
    FROM (
      SELECT k.source_id AS id, k.target_id AS other, k.link_type FROM rm.catalog_links k
      WHERE k.brand_id = $1 AND k.item_kind = '${kind}'
      UNION ALL
      SELECT k.target_id, k.source_id, k.link_type FROM rm.catalog_links k
      WHERE k.brand_id = $1 AND k.item_kind = '${kind}'
    ) e
    JOIN ${table} o ON o.id = e.other
    JOIN rm.stores os ON os.id = o.store_id
    GROUP BY e.id
  ) l ON l.id = i.id`;

export const productListSql = (availableOnly: boolean) => `
  SELECT i.id, i.title AS name, i.title, i.handle, i.status, i.shopify_product_id AS "shopifyProductId",
         i.universal_sku AS "universalSku", i.sku, i.sku_normalized AS "skuNormalized",
         i.is_available AS "isAvailableForDiscount", coalesce(l.ids, '{}') AS "linkedProductIds",
         coalesce(l.stores, '[]') AS "linkedStores", i.store_id AS "storeId", s.name AS "storeName",
         coalesce(l.manual, false) AS "hasManualLink", i.variants
  FROM rm.catalog_products i
  JOIN rm.stores s ON s.id = i.store_id
  ${linkedOf('product', 'rm.catalog_products')}
  WHERE i.brand_id = $1 ${availableOnly ? 'AND i.is_available' : ''}
  ORDER BY i.title, i.store_id, i.id`;

type Row<T> = Omit<T, 'stores'>;
const withStores = <T extends { storeId: number; storeName: string; linkedStores: { storeId: number; storeName: string }[] }>(
  row: T,
) => ({
  ...row,
  linkedStores: row.linkedStores.filter((s) => s.storeId !== row.storeId),
  stores: [
    { storeId: row.storeId, storeName: row.storeName },
    ...row.linkedStores.filter((s) => s.storeId !== row.storeId),
  ],
});

export const listProducts = async (
  db: pg.Pool,
  params: { brandIds: readonly number[]; brandId: number; availableOnly: boolean },
): Promise<Product[]> => {
  const brandId = scoped(params);
  if (brandId === null) return [];
  return (await db.query<Row<Product>>(productListSql(params.availableOnly), [brandId])).rows.map(withStores);
};

export const collectionListSql = (availableOnly: boolean) => `
  SELECT i.id, i.title, i.handle, i.shopify_collection_id AS "shopifyCollectionId", i.products_count AS "productsCount",
         i.is_available AS "isAvailableForDiscount", coalesce(l.ids, '{}') AS "linkedCollectionIds",
         coalesce(l.stores, '[]') AS "linkedStores", i.store_id AS "storeId", s.name AS "storeName",
         coalesce(l.manual, false) AS "hasManualLink"
  FROM rm.catalog_collections i
  JOIN rm.stores s ON s.id = i.store_id
  ${linkedOf('collection', 'rm.catalog_collections')}
  WHERE i.brand_id = $1 ${availableOnly ? 'AND i.is_available' : ''}
  ORDER BY i.title, i.store_id, i.id`;

export const listCollections = async (
  db: pg.Pool,
  params: { brandIds: readonly number[]; brandId: number; availableOnly: boolean },
): Promise<Collection[]> => {
  const brandId = scoped(params);
  if (brandId === null) return [];
  return (await db.query<Row<Collection>>(collectionListSql(params.availableOnly), [brandId])).rows.map(withStores);
};

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
