import type pg from 'pg';
import type { CollectionCopy, PreviewCatalog, PricedCopy } from './cart';
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

interface ProductRow {
  readonly root: string;
  readonly store_id: number;
  readonly id: string;
  readonly shopify_id: string;
  readonly title: string;
  readonly variants: Variant[];
  readonly collection_ids: string[];
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
    collectionIds: row.collection_ids,
  };
};

/** The store's collections that hold product `p` (their imported members), as Shopify ids. */
const collectionsOf = (p: string) =>
  `(SELECT coalesce(jsonb_agg(c.shopify_collection_id ORDER BY c.shopify_collection_id), '[]'::jsonb)
    FROM rm.catalog_collections c WHERE c.store_id = ${p}.store_id AND c.product_ids ? ${p}.shopify_product_id)`;

/** An active product with a priced variant. */
const pricedAndActive = (p: string) =>
  `upper(${p}.status) = 'ACTIVE' AND jsonb_path_exists(${p}.variants, '$[*] ? (@.price != null)')`;

const groupCopies = (kind: 'product' | 'collection') => {
  const table = kind === 'product' ? 'rm.catalog_products' : 'rm.catalog_collections';
  const columns =
    kind === 'product'
      ? `i.shopify_product_id AS shopify_id, i.variants, ${collectionsOf('i')} AS collection_ids`
      : 'i.shopify_collection_id AS shopify_id, i.product_ids';
  // The deployment's walk (`copiesInStore`), for every store at once: per target and store, its own copy first.
  return `WITH RECURSIVE grp(root, id) AS (
       SELECT r, r FROM unnest($1::uuid[]) AS r
       UNION
       SELECT g.root, CASE WHEN l.source_id = g.id THEN l.target_id ELSE l.source_id END
       FROM grp g JOIN rm.catalog_links l ON l.item_kind = '${kind}' AND (l.source_id = g.id OR l.target_id = g.id)
     )
     SELECT DISTINCT ON (g.root, i.store_id) g.root, i.store_id, i.id, i.title, ${columns}
     FROM grp g JOIN ${table} i ON i.id = g.id AND i.store_id = ANY($2::int[])
     ORDER BY g.root, i.store_id, (i.id = g.root) DESC, i.id`;
};

/** Per collection copy, the first active priced member by title: the product its example cart shows. */
const collectionCopies = `WITH copies AS (${groupCopies('collection')})
  SELECT c.root, c.store_id, c.id, c.shopify_id, c.title, m.id AS member_id, m.shopify_product_id AS member_shopify_id,
         m.title AS member_title, m.variants AS member_variants, m.collection_ids AS member_collection_ids
  FROM copies c LEFT JOIN LATERAL (
    SELECT p.id, p.shopify_product_id, p.title, p.variants, ${collectionsOf('p')} AS collection_ids
    FROM rm.catalog_products p
    WHERE p.store_id = c.store_id AND c.product_ids ? p.shopify_product_id AND ${pricedAndActive('p')}
    ORDER BY p.title, p.id LIMIT 1
  ) m ON true`;

interface CollectionRow {
  readonly root: string;
  readonly store_id: number;
  readonly id: string;
  readonly shopify_id: string;
  readonly title: string;
  readonly member_id: string | null;
  readonly member_shopify_id: string;
  readonly member_title: string;
  readonly member_variants: Variant[];
  readonly member_collection_ids: string[];
}

const collectionCopyOf = (r: CollectionRow): CollectionCopy => ({
  shopifyId: r.shopify_id,
  title: r.title,
  member:
    r.member_id === null
      ? null
      : priced(r.member_id, {
          root: r.root,
          store_id: r.store_id,
          id: r.member_id,
          shopify_id: r.member_shopify_id,
          title: r.member_title,
          variants: r.member_variants,
          collection_ids: r.member_collection_ids,
        }),
});

/**
 * Per store, the copies (with a priced variant) of the products and collections the discount names, a priced
 * member of each collection, one active priced product it names neither directly nor through a collection, and
 * the shop's currency: three queries whatever the number of stores.
 */
export const readPreviewCatalogs = async (
  db: pg.Pool,
  brandId: number,
  storeIds: readonly number[],
  ids: { readonly product: readonly string[]; readonly collection: readonly string[] },
): Promise<Map<number, StoreCatalog>> => {
  const stores = [...storeIds];
  const products = await db.query<ProductRow>(groupCopies('product'), [ids.product, stores]);
  const collections = await db.query<CollectionRow>(collectionCopies, [ids.collection, stores]);
  const others = await db.query<ProductRow & { currency_code: string | null; currency_symbol: string | null }>(
    `SELECT s.id AS store_id, s.currency_code,
            rm.currency_symbol(s.currency_code) AS currency_symbol, p.id, p.id AS root, p.shopify_product_id AS shopify_id, p.title,
            p.variants, ${collectionsOf('p')} AS collection_ids
     FROM unnest($2::int[]) AS u(id) JOIN rm.catalog_stores s ON s.id = u.id
     LEFT JOIN LATERAL (
       SELECT * FROM rm.catalog_products p
       WHERE p.brand_id = $1 AND p.store_id = s.id AND NOT p.id = ANY($3::uuid[]) AND ${pricedAndActive('p')}
         AND NOT EXISTS (SELECT 1 FROM rm.catalog_collections c
                         WHERE c.id = ANY($4::uuid[]) AND c.store_id = s.id AND c.product_ids ? p.shopify_product_id)
       ORDER BY p.title, p.id LIMIT 1
     ) p ON true`,
    [brandId, stores, products.rows.map((r) => r.id), collections.rows.map((r) => r.id)],
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
        collections.rows.filter((r) => r.store_id === storeId).map((r) => [r.root, collectionCopyOf(r)] as const),
      ),
      untargeted: other?.id ? priced(other.id, other) : null,
    });
  }
  return result;
};
