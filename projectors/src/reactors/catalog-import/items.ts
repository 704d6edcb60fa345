import { createHash } from 'node:crypto';
import type { ImportedCollection, ImportedProductWithVariants } from '@dm/shopify';
import { deterministicId } from '../../deterministic-id';

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

/** Catalog ids come from the store and the Shopify id: the same on every import and every replay. */
export const catalogItemId = (storeId: number, shopifyId: string) =>
  deterministicId(`catalog-item|${storeId}|${shopifyId}`);

export interface ImportTarget {
  readonly storeId: number;
  readonly brandId: number;
  readonly importId: string;
  readonly at: string;
}

/** A product with its variants' prices in the shop's currency: a new price or currency is a change, recorded. */
export const productItem = (node: ImportedProductWithVariants, target: ImportTarget, currencyCode: string) => {
  const content = {
    title: node.title,
    handle: node.handle,
    status: node.status,
    variants: node.variants.nodes.map((v) => ({ id: v.id, title: v.title, sku: v.sku, price: v.price })),
    currencyCode,
  };
  return {
    shopifyId: node.id,
    hash: hashOf(content),
    event: (hash: string) => ({
      type: 'StoreProductImported',
      data: {
        storeId: target.storeId,
        brandId: target.brandId,
        productId: catalogItemId(target.storeId, node.id),
        shopifyProductId: node.id,
        ...content,
        hash,
        importId: target.importId,
        importedAt: target.at,
      },
    }),
  };
};

export const collectionItem = (node: ImportedCollection, target: ImportTarget) => {
  const content = {
    title: node.title,
    handle: node.handle,
    productsCount: node.productsCount?.count ?? 0,
    productIds: node.products.nodes.map((p) => p.id),
  };
  return {
    shopifyId: node.id,
    hash: hashOf(content),
    event: (hash: string) => ({
      type: 'StoreCollectionImported',
      data: {
        storeId: target.storeId,
        brandId: target.brandId,
        collectionId: catalogItemId(target.storeId, node.id),
        shopifyCollectionId: node.id,
        ...content,
        hash,
        importId: target.importId,
        importedAt: target.at,
      },
    }),
  };
};

export type CatalogItem = ReturnType<typeof productItem> | ReturnType<typeof collectionItem>;
