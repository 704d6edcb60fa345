import { z } from 'zod';
import { storePreflightSchema } from './discount-preflight';

/**
 * The preview of a discount (issue 24, decision 1410): the pre-flight per store, plus example carts built from
 * that store's catalog and priced by the discount Function Shopify runs (a gift with purchase by Shopify's
 * buy-X-get-Y rules), and the warnings a careful colleague would give. `POST /api/admin/discounts/preview` takes
 * the create body; amounts are decimal text in the store's currency.
 */
const amount = z.string().regex(/^-?\d+\.\d{2}$/);

export const exampleCartKindSchema = z.enum([
  'targeted',
  'untargeted',
  'trigger',
  'under-trigger',
  'under-minimum',
  'over-minimum',
]);
export type ExampleCartKind = z.infer<typeof exampleCartKindSchema>;

export const exampleCartLineSchema = z.object({
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: amount,
  before: amount,
  after: amount,
});
export type ExampleCartLine = z.infer<typeof exampleCartLineSchema>;

/** A discount the Function (or Shopify's BXGY) gives: on one line (`line` is its index) or on the order. */
export const exampleDiscountLineSchema = z.object({
  message: z.string(),
  line: z.number().int().nullable(),
  amount,
});
export type ExampleDiscountLine = z.infer<typeof exampleDiscountLineSchema>;

export const exampleCartSchema = z.object({
  kind: exampleCartKindSchema,
  name: z.string(),
  /** The collection its product stands for, when the discount names a collection rather than the product. */
  collection: z.string().optional(),
  lines: z.array(exampleCartLineSchema),
  before: amount,
  discounts: z.array(exampleDiscountLineSchema),
  after: amount,
});
export type ExampleCart = z.infer<typeof exampleCartSchema>;

export const previewWarningCodeSchema = z.enum([
  'free-or-negative',
  'fixed-above-price',
  'rule-never-applies',
  'combines-with-overlapping',
  'ends-in-past',
  'no-example',
]);
export type PreviewWarningCode = z.infer<typeof previewWarningCodeSchema>;

export const previewWarningSchema = z.object({ code: previewWarningCodeSchema, message: z.string() });
export type PreviewWarning = z.infer<typeof previewWarningSchema>;

export const storePreviewSchema = storePreflightSchema.extend({
  currencyCode: z.string().nullable(),
  currencySymbol: z.string().nullable(),
  carts: z.array(exampleCartSchema),
  warnings: z.array(previewWarningSchema),
});
export type StorePreview = z.infer<typeof storePreviewSchema>;

/** `warnings`: those of the discount as a whole (an end date in the past); each store has its own. */
export const previewAnswerSchema = z.object({
  stores: z.array(storePreviewSchema),
  deployableStoreIds: z.array(z.number().int()),
  warnings: z.array(previewWarningSchema),
});
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;

/** `excluding`: an existing discount previewed again is not its own overlapping neighbour. */
export const previewQuerySchema = z.object({
  excluding: z.uuid('excluding is the id of the discount being previewed again, a UUID.').optional(),
});
