import type pg from 'pg';
import type { ProjectedEvent } from '../../define-projection';
import { changePositionOf } from './change-position';
import { refreshDocuments } from './documents';
import { partnersOf, refreshLinkColumns } from './link-columns';
import { skuSummary } from './sku';

/** A new title moves the item in its lists: stamped even if its document could not be rendered. */
const stampTitleChange = (table: string) => `
  changed_tx_id = CASE WHEN ${table}.title = excluded.title THEN ${table}.changed_tx_id ELSE excluded.changed_tx_id END,
  changed_position = CASE WHEN ${table}.title = excluded.title THEN ${table}.changed_position ELSE excluded.changed_position END`;

/**
 * A run of imported products in one statement each (20,000 products must project fast). A later event for
 * the same product wins; marks (`is_available`) are people's decisions and are never reset by an import.
 */
export const projectProducts = async (events: readonly ProjectedEvent<'StoreProductImported'>[], tx: pg.PoolClient) => {
  const latest = new Map(events.map((e) => [e.data.productId, e.data]));
  const rows = [...latest.values()].map((d) => ({ ...d, ...skuSummary(d.variants) }));
  // The run's last event stands for all of it: the checkpoint only ever lands after it.
  const at = changePositionOf(events.at(-1)!);
  await tx.query(
    `INSERT INTO rm.catalog_products (id, brand_id, store_id, shopify_product_id, title, handle, status, sku,
                                      sku_normalized, universal_sku, variants, currency_code, hash, changed_tx_id,
                                      changed_position)
     SELECT r.*, $2::xid8, $3 FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, brand_id int, store_id int,
       shopify_product_id text, title text, handle text, status text, sku text, sku_normalized text,
       universal_sku text, variants jsonb, currency_code text, hash text)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, handle = excluded.handle, status = excluded.status,
       sku = excluded.sku, sku_normalized = excluded.sku_normalized, universal_sku = excluded.universal_sku,
       variants = excluded.variants, currency_code = excluded.currency_code, hash = excluded.hash,
       ${stampTitleChange('catalog_products')}`,
    [
      JSON.stringify(
        rows.map((r) => ({
          id: r.productId,
          brand_id: r.brandId,
          store_id: r.storeId,
          shopify_product_id: r.shopifyProductId,
          title: r.title,
          handle: r.handle,
          status: r.status,
          sku: r.sku,
          sku_normalized: r.skuNormalized,
          universal_sku: r.universalSku,
          variants: r.variants,
          currency_code: r.currencyCode,
          hash: r.hash,
        })),
      ),
      at.txId,
      at.position,
    ],
  );
  // The store's currency is the one its latest import recorded (events recorded before prices carry none).
  const currencies = new Map(
    events.filter((e) => e.data.currencyCode).map((e) => [e.data.storeId, e.data.currencyCode]),
  );
  for (const [storeId, currency] of currencies) {
    await tx.query('UPDATE rm.catalog_stores SET currency_code = $2 WHERE id = $1', [storeId, currency]);
  }
  const ids = rows.map((r) => r.productId);
  await tx.query('DELETE FROM rm.catalog_product_skus WHERE product_id = ANY($1::uuid[])', [ids]);
  await tx.query(
    `INSERT INTO rm.catalog_product_skus (product_id, brand_id, store_id, sku_normalized)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(product_id uuid, brand_id int, store_id int, sku_normalized text)
     ON CONFLICT DO NOTHING`,
    [
      JSON.stringify(
        rows.flatMap((r) =>
          r.skusNormalized.map((sku) => ({
            product_id: r.productId,
            brand_id: r.brandId,
            store_id: r.storeId,
            sku_normalized: sku,
          })),
        ),
      ),
    ],
  );
  // Automatic links are derived: rebuilt for these products from shared SKUs in other stores of the brand,
  // minus pairs someone unlinked. Ids come from the pair, so a replay gives the same links.
  const formerPartners = await partnersOf(tx, 'product', ids);
  await tx.query(
    `DELETE FROM rm.catalog_links WHERE item_kind = 'product' AND link_type = 'sku'
       AND (source_id = ANY($1::uuid[]) OR target_id = ANY($1::uuid[]))`,
    [ids],
  );
  await tx.query(
    `INSERT INTO rm.catalog_links (id, brand_id, item_kind, link_type, source_id, target_id)
     SELECT DISTINCT rm.name_uuid('sku-link:' || least(a.product_id, b.product_id) || ':' || greatest(a.product_id, b.product_id)),
            a.brand_id, 'product', 'sku', least(a.product_id, b.product_id), greatest(a.product_id, b.product_id)
     FROM rm.catalog_product_skus a
     JOIN rm.catalog_product_skus b
       ON b.brand_id = a.brand_id AND b.sku_normalized = a.sku_normalized AND b.store_id <> a.store_id
     WHERE a.product_id = ANY($1::uuid[])
       AND NOT EXISTS (SELECT 1 FROM rm.catalog_link_suppressions s WHERE s.item_kind = 'product'
                       AND s.low_id = least(a.product_id, b.product_id) AND s.high_id = greatest(a.product_id, b.product_id))
     ON CONFLICT DO NOTHING`,
    [ids],
  );
  await refreshLinkColumns(tx, 'product', [...ids, ...formerPartners, ...(await partnersOf(tx, 'product', ids))], at);
};

export const projectCollections = async (
  events: readonly ProjectedEvent<'StoreCollectionImported'>[],
  tx: pg.PoolClient,
) => {
  const latest = [...new Map(events.map((e) => [e.data.collectionId, e.data])).values()];
  const at = changePositionOf(events.at(-1)!);
  await tx.query(
    `INSERT INTO rm.catalog_collections (id, brand_id, store_id, shopify_collection_id, title, handle, products_count,
                                         product_ids, hash, changed_tx_id, changed_position)
     SELECT r.*, $2::xid8, $3 FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, brand_id int, store_id int,
       shopify_collection_id text, title text, handle text, products_count int, product_ids jsonb, hash text)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, handle = excluded.handle,
       products_count = excluded.products_count, product_ids = excluded.product_ids, hash = excluded.hash, ${stampTitleChange('catalog_collections')}`,
    [
      JSON.stringify(
        latest.map((d) => ({
          id: d.collectionId,
          brand_id: d.brandId,
          store_id: d.storeId,
          shopify_collection_id: d.shopifyCollectionId,
          title: d.title,
          handle: d.handle,
          products_count: d.productsCount,
          product_ids: d.productIds,
          hash: d.hash,
        })),
      ),
      at.txId,
      at.position,
    ],
  );
  await refreshDocuments(
    tx,
    'collection',
    latest.map((d) => d.collectionId),
    at,
  );
};
