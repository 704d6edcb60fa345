import type { CatalogItemKind } from '@dm/events';
import type pg from 'pg';
import type { ChangePosition } from './change-position';

const ownStore = `jsonb_build_object('storeId', i.store_id, 'storeName', s.name)`;
const common = `'isAvailableForDiscount', i.is_available, 'linkedStores', i.linked_stores,
  'stores', jsonb_build_array(${ownStore}) || i.linked_stores, 'storeId', i.store_id, 'storeName', s.name,
  'hasManualLink', i.has_manual_link`;

const fields: Record<CatalogItemKind, { table: string; doc: string }> = {
  product: {
    table: 'rm.catalog_products',
    doc: `'id', i.id, 'name', i.title, 'title', i.title, 'handle', i.handle, 'status', i.status,
      'shopifyProductId', i.shopify_product_id, 'universalSku', i.universal_sku, 'sku', i.sku,
      'skuNormalized', i.sku_normalized, 'linkedProductIds', i.linked_ids, 'variants', i.variants,
      'currencyCode', i.currency_code, 'currencySymbol', rm.currency_symbol(i.currency_code), ${common}`,
  },
  collection: {
    table: 'rm.catalog_collections',
    doc: `'id', i.id, 'title', i.title, 'handle', i.handle, 'shopifyCollectionId', i.shopify_collection_id,
      'productsCount', i.products_count, 'linkedCollectionIds', i.linked_ids, ${common}`,
  },
};

/**
 * Renders the list document of these items (the spec's Product/Collection shape, checked against the zod
 * schemas by the query-api tests). Lists then only concatenate documents: 20,000 items stay one cheap read.
 * Only documents that really differ are written and stamped with `at`: a cached list patches exactly those.
 */
export const refreshDocuments = async (
  tx: pg.PoolClient,
  kind: CatalogItemKind,
  ids: readonly string[],
  at: ChangePosition,
) => {
  const { table, doc } = fields[kind];
  await tx.query(
    `UPDATE ${table} t SET doc = r.doc, changed_tx_id = $2::xid8, changed_position = $3
     FROM (SELECT i.id, json_build_object(${doc})::text AS doc
           FROM ${table} i JOIN rm.catalog_stores s ON s.id = i.store_id WHERE i.id = ANY($1::uuid[])) r
     WHERE t.id = r.id AND t.doc IS DISTINCT FROM r.doc`,
    [[...new Set(ids)], at.txId, at.position],
  );
};
