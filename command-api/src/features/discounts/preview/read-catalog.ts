import type pg from 'pg';
import type { PreviewCatalog, PricedCopy } from './cart';
import { toCents } from './money';

export interface StoreCatalog extends PreviewCatalog {
  readonly currencyCode: string | null;
  readonly currencySymbol: string | null;
}

interface Variant {
  readonly id: string;
  readonly title: string;
  readonly price: string | null;
}

const priced = (targetId: string, row: ProductRow): PricedCopy | null => {
  const variant = row.variants.find((v) => v.price !== null);
  if (!variant?.price) return null;
  return {
    targetId,
    catalogId: row.id,
    shopifyId: row.shopify_id,
    title: row.title,
    variantId: variant.id,
    priceCents: toCents(variant.price),
  };
};

interface ProductRow {
  readonly root: string;
  readonly store_id: number;
  readonly id: string;
  readonly shopify_id: string;
  readonly title: string;
  readonly variants: Variant[];
}

const groupCopies = (kind: 'product' | 'collection') => {
  const table = kind === 'product' ? 'rm.catalog_products' : 'rm.catalog_collections';
  const shopifyId = kind === 'product' ? 'i.shopify_product_id' : 'i.shopify_collection_id';
  const variants = kind === 'product' ? 'i.variants' : `'[]'::jsonb`;
  // The deployment's walk (`copiesInStore`), for every store at once: per target and store, its own copy first.
  return `WITH RECURSIVE grp(root, id) AS (
       SELECT r, r FROM unnest($1::uuid[]) AS r
       UNION
       SELECT g.root, CASE WHEN l.source_id = g.id THEN l.target_id ELSE l.source_id END
       FROM grp g JOIN rm.catalog_links l ON l.item_kind = '${kind}' AND (l.source_id = g.id OR l.target_id = g.id)
     )
     SELECT DISTINCT ON (g.root, i.store_id) g.root, i.store_id, i.id, ${shopifyId} AS shopify_id, i.title,
            ${variants} AS variants
     FROM grp g JOIN ${table} i ON i.id = g.id AND i.store_id = ANY($2::int[])
     ORDER BY g.root, i.store_id, (i.id = g.root) DESC, i.id`;
};

/**
 * Per store, the copies (with a priced variant) of the products and collections the discount names, one active
 * priced product it does not name, and the shop's currency: three queries whatever the number of stores.
 */
export const readPreviewCatalogs = async (
  db: pg.Pool,
  brandId: number,
  storeIds: readonly number[],
  ids: { readonly product: readonly string[]; readonly collection: readonly string[] },
): Promise<Map<number, StoreCatalog>> => {
  const stores = [...storeIds];
  const products = await db.query<ProductRow>(groupCopies('product'), [ids.product, stores]);
  const collections = await db.query<ProductRow>(groupCopies('collection'), [ids.collection, stores]);
  const named = products.rows.map((r) => r.id);
  const others = await db.query<ProductRow & { currency_code: string | null; currency_symbol: string | null }>(
    `SELECT s.id AS store_id, s.currency_code,
            rm.currency_symbol(s.currency_code) AS currency_symbol, p.id, p.id AS root, p.shopify_product_id AS shopify_id, p.title,
            p.variants
     FROM unnest($2::int[]) AS u(id) JOIN rm.catalog_stores s ON s.id = u.id
     LEFT JOIN LATERAL (
       SELECT * FROM rm.catalog_products p
       WHERE p.brand_id = $1 AND p.store_id = s.id AND NOT p.id = ANY($3::uuid[]) AND upper(p.status) = 'ACTIVE'
         AND jsonb_path_exists(p.variants, '$[*] ? (@.price != null)')
       ORDER BY p.title, p.id LIMIT 1
     ) p ON true`,
    [brandId, stores, named],
  );
  const result = new Map<number, StoreCatalog>();
  for (const storeId of stores) {
    const other = others.rows.find((r) => r.store_id === storeId);
    result.set(storeId, {
      currencyCode: other?.currency_code ?? null,
      currencySymbol: other?.currency_symbol ?? null,
      products: new Map(
        products.rows
          .filter((r) => r.store_id === storeId)
          .flatMap((r) => {
            const copy = priced(r.root, r);
            return copy ? [[r.root, copy] as const] : [];
          }),
      ),
      collections: new Map(
        collections.rows
          .filter((r) => r.store_id === storeId)
          .map((r) => [r.root, { shopifyId: r.shopify_id, title: r.title }] as const),
      ),
      untargeted: other?.id ? priced(other.id, other) : null,
    });
  }
  return result;
};
