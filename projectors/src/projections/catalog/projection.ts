import type { CatalogItemKind } from '@dm/events';
import type pg from 'pg';
import { defineProjection } from '../../define-projection';
import { changePositionOf } from './change-position';
import { refreshDocuments } from './documents';
import { refreshLinkColumns } from './link-columns';
import { projectCollections, projectProducts } from './product-handlers';

const tableOf = (kind: CatalogItemKind) => (kind === 'product' ? 'rm.catalog_products' : 'rm.catalog_collections');

const setAvailability = async (
  tx: pg.PoolClient,
  data: { itemKind: CatalogItemKind; itemIds: readonly string[] },
  available: boolean,
  event: { txId: bigint; position: bigint },
) => {
  const at = changePositionOf(event);
  // Stamped here too (not only with the document): availability decides membership of the available lists.
  await tx.query(
    `UPDATE ${tableOf(data.itemKind)} SET is_available = $2, changed_tx_id = $3::xid8, changed_position = $4
     WHERE id = ANY($1::uuid[]) AND is_available <> $2`,
    [data.itemIds, available, at.txId, at.position],
  );
  await refreshDocuments(tx, data.itemKind, data.itemIds, at);
};

/** rm.catalog_* from the store-catalog and brand-catalog streams; every handler is safe to replay. */
export const catalogProjection = defineProjection({
  name: 'catalog',
  version: 2, // 2: items record where they last changed (decision 0603)
  tables: [
    'rm.catalog_stores',
    'rm.catalog_products',
    'rm.catalog_product_skus',
    'rm.catalog_collections',
    'rm.catalog_links',
    'rm.catalog_link_suppressions',
  ],
  handles: {
    StoreCreated: async ({ data }, tx) => {
      await tx.query(
        'INSERT INTO rm.catalog_stores (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = $2',
        [data.storeId, data.name],
      );
    },
    CatalogItemsMarked: async (event, tx) => setAvailability(tx, event.data, true, event),
    CatalogItemsUnmarked: async (event, tx) => setAvailability(tx, event.data, false, event),
    CatalogItemsLinked: async (event, tx) => {
      const { data } = event;
      await tx.query(
        `INSERT INTO rm.catalog_links (id, brand_id, item_kind, link_type, source_id, target_id)
         VALUES ($1, $2, $3, 'manual', $4, $5) ON CONFLICT DO NOTHING`,
        [data.linkId, data.brandId, data.itemKind, data.sourceId, data.targetId],
      );
      await refreshLinkColumns(tx, data.itemKind, [data.sourceId, data.targetId], changePositionOf(event));
    },
    CatalogLinkRemoved: async (event, tx) => {
      const { data } = event;
      await tx.query('DELETE FROM rm.catalog_links WHERE id = $1', [data.linkId]);
      if (data.linkType === 'sku') {
        const [low, high] =
          data.sourceId < data.targetId ? [data.sourceId, data.targetId] : [data.targetId, data.sourceId];
        await tx.query(
          'INSERT INTO rm.catalog_link_suppressions (item_kind, low_id, high_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [data.itemKind, low, high],
        );
      }
      await refreshLinkColumns(tx, data.itemKind, [data.sourceId, data.targetId], changePositionOf(event));
    },
  },
  handlesMany: {
    StoreProductImported: projectProducts,
    StoreCollectionImported: projectCollections,
  },
});
