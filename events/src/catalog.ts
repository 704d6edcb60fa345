import { z } from 'zod';
import { eventSchema, isoDateTime } from './define-event';

/**
 * The catalog in three kinds of stream (docs/decisions/0600-catalog-streams.md):
 * - `catalog-import:<importId>`: one import, asked for and carried out (the reactor's lifecycle);
 * - `store-catalog:<storeId>`: what a store holds, appended only for new or changed items;
 * - `brand-catalog:<brandId>`: what people decide (marks, manual links, removed links).
 */
export const catalogImportStream = (importId: string) => `catalog-import:${importId}`;
export const storeCatalogStream = (storeId: number) => `store-catalog:${storeId}`;
export const brandCatalogStream = (brandId: number) => `brand-catalog:${brandId}`;

/** Spec 001 §2.7: trimmed, upper-cased, inner whitespace removed; empty → null. */
export const normalizeSku = (sku: string | null | undefined): string | null => {
  const normalized = (sku ?? '').replace(/\s+/g, '').toUpperCase();
  return normalized === '' ? null : normalized;
};

const id = z.number().int().positive();
const uuid = z.uuid();
const kind = z.enum(['products', 'collections']);
const itemKind = z.enum(['product', 'collection']);
export type CatalogItemKind = z.infer<typeof itemKind>;

// ---- catalog-import:<importId> ------------------------------------------------------------------------

export const catalogImportRequestedSchema = eventSchema(
  'CatalogImportRequested',
  z.object({ importId: uuid, kind, brandId: id, storeId: id, storeSlug: z.string(), requestedAt: isoDateTime }),
);
export const catalogImportStartedSchema = eventSchema(
  'CatalogImportStarted',
  z.object({ importId: uuid, startedAt: isoDateTime }),
);
/** One page of items fetched and recorded; `imported` new or changed, `skipped` unchanged. */
export const catalogImportProgressedSchema = eventSchema(
  'CatalogImportProgressed',
  z.object({
    importId: uuid,
    page: z.number().int(),
    imported: z.number().int(),
    skipped: z.number().int(),
    at: isoDateTime,
  }),
);
/** Also a partial import that recorded something: `warning` says why the rest is missing. */
export const catalogImportSucceededSchema = eventSchema(
  'CatalogImportSucceeded',
  z.object({
    importId: uuid,
    imported: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    warning: z.string().nullable(),
    finishedAt: isoDateTime,
  }),
);
export const catalogImportFailedSchema = eventSchema(
  'CatalogImportFailed',
  z.object({ importId: uuid, imported: z.number().int(), reason: z.string(), finishedAt: isoDateTime }),
);

// ---- store-catalog:<storeId> --------------------------------------------------------------------------

/**
 * `price` is Shopify's variant price (a decimal, in the event's `currencyCode`); both are null in events recorded
 * before imports kept them (decision 1381): additive fields, so no upcaster.
 */
export const importedVariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  price: z.string().nullable().default(null),
});
export type ImportedVariantData = z.infer<typeof importedVariantSchema>;

/** `productId` is derived from (storeId, Shopify id), so a replay gives the same ids. */
export const storeProductImportedSchema = eventSchema(
  'StoreProductImported',
  z.object({
    storeId: id,
    brandId: id,
    productId: uuid,
    shopifyProductId: z.string(),
    title: z.string(),
    handle: z.string(),
    status: z.string(),
    variants: z.array(importedVariantSchema),
    /** The shop's currency when imported (ISO 4217): what the variants' prices are in. */
    currencyCode: z.string().nullable().default(null),
    hash: z.string(),
    importId: uuid,
    importedAt: isoDateTime,
  }),
);
export const storeCollectionImportedSchema = eventSchema(
  'StoreCollectionImported',
  z.object({
    storeId: id,
    brandId: id,
    collectionId: uuid,
    shopifyCollectionId: z.string(),
    title: z.string(),
    handle: z.string(),
    productsCount: z.number().int(),
    /** Its first members' Shopify product ids as imported; an import before members were read recorded none. */
    productIds: z.array(z.string()).default([]),
    hash: z.string(),
    importId: uuid,
    importedAt: isoDateTime,
  }),
);

// ---- brand-catalog:<brandId> --------------------------------------------------------------------------

export const catalogItemsMarkedSchema = eventSchema(
  'CatalogItemsMarked',
  z.object({ brandId: id, itemKind, itemIds: z.array(uuid), markedAt: isoDateTime }),
);
export const catalogItemsUnmarkedSchema = eventSchema(
  'CatalogItemsUnmarked',
  z.object({ brandId: id, itemKind, itemIds: z.array(uuid), unmarkedAt: isoDateTime }),
);
export const catalogItemsLinkedSchema = eventSchema(
  'CatalogItemsLinked',
  z.object({ brandId: id, itemKind, linkId: uuid, sourceId: uuid, targetId: uuid, linkedAt: isoDateTime }),
);
/** Removing an automatic (SKU) link also keeps the pair from being linked again by the next import. */
export const catalogLinkRemovedSchema = eventSchema(
  'CatalogLinkRemoved',
  z.object({
    brandId: id,
    itemKind,
    linkId: uuid,
    linkType: z.enum(['manual', 'sku']),
    sourceId: uuid,
    targetId: uuid,
    removedAt: isoDateTime,
  }),
);

export const catalogImportEventSchema = z.discriminatedUnion('type', [
  catalogImportRequestedSchema,
  catalogImportStartedSchema,
  catalogImportProgressedSchema,
  catalogImportSucceededSchema,
  catalogImportFailedSchema,
]);
export type CatalogImportEvent = z.infer<typeof catalogImportEventSchema>;

export const storeCatalogEventSchema = z.discriminatedUnion('type', [
  storeProductImportedSchema,
  storeCollectionImportedSchema,
]);
export type StoreCatalogEvent = z.infer<typeof storeCatalogEventSchema>;

export const brandCatalogEventSchema = z.discriminatedUnion('type', [
  catalogItemsMarkedSchema,
  catalogItemsUnmarkedSchema,
  catalogItemsLinkedSchema,
  catalogLinkRemovedSchema,
]);
export type BrandCatalogEvent = z.infer<typeof brandCatalogEventSchema>;
