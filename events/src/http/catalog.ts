import { z } from 'zod';

/**
 * Catalog calls (spec 001 §7, §3 Product/Collection/links/Import result). Products and collections are
 * one item per store (id derived from the store and the Shopify id); equivalent items of other stores of
 * the brand are reached through links (`linkType: 'sku'` automatic, `'manual'` by hand).
 */

const idOf = (label: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a whole number.`),
    })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be a positive number.`);

/** Catalog item and link ids are UUIDs. */
export const catalogIdSchema = z.uuid('Ids of products, collections and links are UUIDs.');

/** `?brandId=` is required on every catalog list. */
export const catalogBrandQuerySchema = z.object({
  brandId: z
    .string({ error: 'brandId is required: choose a brand.' })
    .regex(/^[1-9]\d{0,8}$/, 'brandId must be a positive whole number.')
    .transform(Number),
});
export type CatalogBrandQuery = z.infer<typeof catalogBrandQuerySchema>;

export const linkIdParamsSchema = z.object({ linkId: catalogIdSchema });
export const importIdParamsSchema = z.object({ id: z.uuid('The import id in the address must be a UUID.') });

// ---- Import ---------------------------------------------------------------------------------------------

const importRequired = 'Brand and store must be selected';
/** Spec §5: "Import requires brand and store ('Brand and store must be selected')". */
export const catalogImportBodySchema = z
  .object({
    brandId: z.number({ error: importRequired }).int(importRequired).positive(importRequired),
    storeId: z.number({ error: importRequired }).int(importRequired).positive(importRequired),
  })
  .strict();
export type CatalogImportBody = z.infer<typeof catalogImportBodySchema>;

/** 200: the finished import. `error` is the warning (something imported) or the failure reason (nothing). */
export const catalogImportResultSchema = z.object({
  imported: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;

/** 202: the import runs longer than the 30 s wait; poll GET /api/imports/:id. */
export const catalogImportAcceptedSchema = z.object({ importId: z.uuid() });
export type CatalogImportAccepted = z.infer<typeof catalogImportAcceptedSchema>;

export const catalogImportKindSchema = z.enum(['products', 'collections']);
export type CatalogImportKind = z.infer<typeof catalogImportKindSchema>;

export const catalogImportStatusSchema = catalogImportResultSchema.extend({
  importId: z.uuid(),
  kind: catalogImportKindSchema,
  brandId: z.number().int(),
  storeId: z.number().int(),
  status: z.enum(['running', 'succeeded', 'failed']),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CatalogImportStatus = z.infer<typeof catalogImportStatusSchema>;

// ---- Lists ----------------------------------------------------------------------------------------------

export const catalogStoreRefSchema = z.object({ storeId: z.number().int(), storeName: z.string() });
export type CatalogStoreRef = z.infer<typeof catalogStoreRefSchema>;

/** `price`: Shopify's price in the product's `currencyCode`; absent or null when imported before prices were kept. */
export const productVariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  price: z.string().nullable().optional(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productSchema = z.object({
  id: z.uuid(),
  /** name and title carry the same text (the spec lists both). */
  name: z.string(),
  title: z.string(),
  handle: z.string(),
  /** Shopify's status: ACTIVE, DRAFT, ARCHIVED, UNLISTED. */
  status: z.string(),
  shopifyProductId: z.string(),
  /** The SKU shared by the product's variants (their common stem), null when none has a SKU. */
  universalSku: z.string().nullable(),
  /** The first variant's SKU; null shows "No SKU". */
  sku: z.string().nullable(),
  /** `sku` trimmed, upper-cased, inner whitespace removed. */
  skuNormalized: z.string().nullable(),
  isAvailableForDiscount: z.boolean(),
  linkedProductIds: z.array(z.uuid()),
  /** Stores of the linked products (not this product's own store). */
  linkedStores: z.array(catalogStoreRefSchema),
  /** This product's store first, then the linked stores: "N stores" when more than one. */
  stores: z.array(catalogStoreRefSchema),
  storeId: z.number().int(),
  storeName: z.string(),
  /** At least one of its links is manual: the "Manual Link" badge. */
  hasManualLink: z.boolean(),
  variants: z.array(productVariantSchema),
  /** The shop's currency of the prices (ISO 4217) and its symbol; null when imported before prices were kept. */
  currencyCode: z.string().nullable().optional(),
  currencySymbol: z.string().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.array(productSchema);

export const collectionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  handle: z.string(),
  shopifyCollectionId: z.string(),
  productsCount: z.number().int(),
  isAvailableForDiscount: z.boolean(),
  linkedCollectionIds: z.array(z.uuid()),
  linkedStores: z.array(catalogStoreRefSchema),
  stores: z.array(catalogStoreRefSchema),
  storeId: z.number().int(),
  storeName: z.string(),
  hasManualLink: z.boolean(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionListSchema = z.array(collectionSchema);

export const productLinkSchema = z.object({
  id: z.uuid(),
  linkType: z.enum(['manual', 'sku']),
  sourceProductId: z.uuid(),
  targetProductId: z.uuid(),
});
export type ProductLink = z.infer<typeof productLinkSchema>;
export const productLinkListSchema = z.array(productLinkSchema);

/** Collections are linked by hand only. */
export const collectionLinkSchema = z.object({
  id: z.uuid(),
  linkType: z.enum(['manual']),
  sourceCollectionId: z.uuid(),
  targetCollectionId: z.uuid(),
});
export type CollectionLink = z.infer<typeof collectionLinkSchema>;
export const collectionLinkListSchema = z.array(collectionLinkSchema);

// ---- Mark / unmark / link -------------------------------------------------------------------------------

const idsOf = (noun: string) =>
  z
    .array(catalogIdSchema, { error: `Select at least one ${noun}.` })
    .min(1, `Select at least one ${noun}.`)
    .max(5000, `Mark at most 5,000 ${noun}s at once.`);

export const markProductsBodySchema = z
  .object({ productIds: idsOf('product'), brandId: idOf('The brand id') })
  .strict();
export type MarkProductsBody = z.infer<typeof markProductsBodySchema>;
export const markCollectionsBodySchema = z
  .object({ collectionIds: idsOf('collection'), brandId: idOf('The brand id') })
  .strict();
export type MarkCollectionsBody = z.infer<typeof markCollectionsBodySchema>;
/** How many items changed (already marked/unmarked items are left as they are). */
export const markResultSchema = z.object({ updated: z.number().int() });
export type MarkResult = z.infer<typeof markResultSchema>;

const exactlyTwo = (noun: string) => {
  const message = `Please select exactly 2 ${noun} to link`;
  return z.uuid({ error: message });
};
/** Spec §5: linking needs exactly two different items. */
export const linkProductsBodySchema = z
  .object({
    sourceProductId: exactlyTwo('products'),
    targetProductId: exactlyTwo('products'),
    brandId: idOf('The brand id'),
  })
  .strict()
  .refine((b) => b.sourceProductId !== b.targetProductId, {
    message: 'Please select exactly 2 products to link',
    path: ['targetProductId'],
  });
export type LinkProductsBody = z.infer<typeof linkProductsBodySchema>;
export const linkCollectionsBodySchema = z
  .object({
    sourceCollectionId: exactlyTwo('collections'),
    targetCollectionId: exactlyTwo('collections'),
    brandId: idOf('The brand id'),
  })
  .strict()
  .refine((b) => b.sourceCollectionId !== b.targetCollectionId, {
    message: 'Please select exactly 2 collections to link',
    path: ['targetCollectionId'],
  });
export type LinkCollectionsBody = z.infer<typeof linkCollectionsBodySchema>;

/** DELETE answers the removed link's id. */
export const linkRemovedSchema = z.object({ id: z.uuid() });
export type LinkRemoved = z.infer<typeof linkRemovedSchema>;

export * from './catalog-groups';
