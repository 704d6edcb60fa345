import type { StoreClient } from '../call';
import { pages, type PageOf } from './paging';

export interface ImportedProduct {
  readonly id: string;
  readonly title: string;
  readonly handle: string;
  readonly status: string;
  readonly vendor: string;
  readonly productType: string;
  readonly tags: readonly string[];
  readonly updatedAt: string;
}

export interface ImportedVariant {
  readonly id: string;
  readonly title: string;
  readonly sku: string | null;
  readonly price: string;
  readonly product: { readonly id: string };
}

/** A product with its variants in one page, so each page is complete on its own (catalog import). */
export interface ImportedProductWithVariants {
  readonly id: string;
  readonly title: string;
  readonly handle: string;
  readonly status: string;
  readonly updatedAt: string;
  readonly variants: {
    readonly nodes: readonly {
      readonly id: string;
      readonly title: string;
      readonly sku: string | null;
      /** Shopify's `price`: a decimal in the shop's currency (`shopCurrency`). */
      readonly price: string;
    }[];
  };
}

export interface ImportedCollection {
  readonly id: string;
  readonly title: string;
  readonly handle: string;
  readonly updatedAt: string;
  readonly productsCount: { readonly count: number } | null;
  /** null for a manual ("custom") collection. */
  readonly ruleSet: { readonly appliedDisjunctively: boolean } | null;
  /** Its first `membersPerCollection` products (Shopify's `Collection.products`), manual or by rule alike. */
  readonly products: { readonly nodes: readonly { readonly id: string }[] };
}

/** Members read with each collection: enough to build an example cart and mark its products as members. */
export const membersPerCollection = 100;

const pick =
  <T>(root: string) =>
  (data: unknown): PageOf<T> =>
    (data as Record<string, PageOf<T>>)[root]!;

/** Flat queries of reference §10.3, each under the 1,000-point cap; variants join products by `product.id`. */
export const importProducts = (store: StoreClient, updatedSince?: string) =>
  pages<ImportedProduct>(store, {
    operation: 'importProducts',
    query: `query ImportProducts($first: Int!, $after: String, $q: String!) { products(first: $first, after: $after, query: $q, sortKey: ID) {
      pageInfo { hasNextPage endCursor } nodes { id title handle status vendor productType tags updatedAt } } }`,
    variables: { q: `status:active,draft,archived,unlisted${updatedSince ? ` updated_at:>'${updatedSince}'` : ''}` },
    pick: pick<ImportedProduct>('products'),
    costPerNode: 1,
  });

export const importVariants = (store: StoreClient) =>
  pages<ImportedVariant>(store, {
    operation: 'importVariants',
    query: `query ImportVariants($first: Int!, $after: String) { productVariants(first: $first, after: $after, sortKey: ID) {
      pageInfo { hasNextPage endCursor } nodes { id title sku price product { id } } } }`,
    pick: pick<ImportedVariant>('productVariants'),
    costPerNode: 2,
  });

/**
 * Collections with their first members, `pageSize` at a time: each node costs 3 + (2 + 100), so 9 a page stays
 * under the 1,000-point cap.
 */
export const importCollections = (store: StoreClient, pageSize = 9) =>
  pages<ImportedCollection>(
    store,
    {
      operation: 'importCollections',
      query: `query ImportCollections($first: Int!, $after: String) { collections(first: $first, after: $after, sortKey: ID) {
      pageInfo { hasNextPage endCursor } nodes { id title handle updatedAt productsCount { count } ruleSet { appliedDisjunctively }
      products(first: ${membersPerCollection}) { nodes { id } } } } }`,
      pick: pick<ImportedCollection>('collections'),
      costPerNode: 5 + membersPerCollection,
    },
    pageSize,
  );

/** Variants per product read with it (the first 25; larger products need a per-product follow-up). */
export const variantsPerProduct = 25;

/**
 * Products with their variants, `pageSize` at a time: each node costs 1 + (2 + 25), so 35 a page stays under
 * the 1,000-point cap while a page still carries whole products.
 */
export const importProductsWithVariants = (store: StoreClient, pageSize = 35) =>
  pages<ImportedProductWithVariants>(
    store,
    {
      operation: 'importProductsWithVariants',
      query: `query ImportProductsWithVariants($first: Int!, $after: String) { products(first: $first, after: $after, sortKey: ID) {
      pageInfo { hasNextPage endCursor } nodes { id title handle status updatedAt variants(first: ${variantsPerProduct}) { nodes { id title sku price } } } } }`,
      pick: pick<ImportedProductWithVariants>('products'),
      costPerNode: 3 + variantsPerProduct,
    },
    pageSize,
  );

/** The shop's currency (ISO 4217, e.g. GBP): what every price of its catalog is in. */
export const shopCurrency = async (store: StoreClient): Promise<string> =>
  (
    await store.request<{ shop: { currencyCode: string } }>(
      'query ShopCurrency { shop { currencyCode } }',
      {},
      { operation: 'shopCurrency', estimate: 1 },
    )
  ).shop.currencyCode;
