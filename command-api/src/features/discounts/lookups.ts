import type { CatalogItemKind } from '@dm/events';
import type pg from 'pg';
import type { CatalogItemFact } from './commands';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const itemsSql = (table: string, kind: CatalogItemKind) => `
  SELECT i.id, '${kind}' AS kind, i.brand_id AS "brandId", i.title, s.name AS "storeName",
         i.is_available OR EXISTS (
           SELECT FROM ${table} l WHERE l.id = ANY(i.linked_ids) AND l.is_available
         ) AS available
  FROM ${table} i LEFT JOIN rm.catalog_stores s ON s.id = i.store_id
  WHERE i.id = ANY($${kind === 'product' ? 1 : 2}::uuid[])`;

/**
 * The catalog items a discount names, read from the catalog read model (decision 0600: which items exist is not
 * in a stream a decider could fold cheaply). The mark applies to a product group, so an item counts as available
 * when it or an item linked to it is marked. Ids that are not UUIDs cannot be items and are simply not found.
 */
export const findCatalogItems = async (
  db: pg.Pool,
  refs: readonly { readonly kind: CatalogItemKind; readonly id: string }[],
): Promise<CatalogItemFact[]> => {
  const idsOf = (kind: CatalogItemKind) => [
    ...new Set(refs.filter((r) => r.kind === kind && uuidPattern.test(r.id)).map((r) => r.id.toLowerCase())),
  ];
  const [products, collections] = [idsOf('product'), idsOf('collection')];
  if (products.length + collections.length === 0) return [];
  const { rows } = await db.query<CatalogItemFact>(
    `${itemsSql('rm.catalog_products', 'product')} UNION ALL ${itemsSql('rm.catalog_collections', 'collection')}`,
    [products, collections],
  );
  return rows;
};
