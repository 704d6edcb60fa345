import { z } from 'zod';

/**
 * The pre-flight of a discount (issue 24): per target store, which of the catalog items it names have no
 * equivalent there, and for a missing collection the store's collections with the same handle, offered as
 * equivalents a person may link (decision 1380). `POST /api/admin/discounts/preflight` takes the create body.
 */
export const preflightRoleSchema = z.enum(['rule', 'trigger', 'gift', 'scope']);
export type PreflightRole = z.infer<typeof preflightRoleSchema>;

export const equivalentOfferSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  handle: z.string(),
});
export type EquivalentOffer = z.infer<typeof equivalentOfferSchema>;

export const missingTargetSchema = z.object({
  kind: z.enum(['product', 'collection']),
  id: z.uuid(),
  title: z.string(),
  role: preflightRoleSchema,
  offers: z.array(equivalentOfferSchema),
});
export type MissingTarget = z.infer<typeof missingTargetSchema>;

export const storePreflightSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  missing: z.array(missingTargetSchema),
});
export type StorePreflight = z.infer<typeof storePreflightSchema>;

/** `deployable`: the stores with every target (the create is refused when there are none). */
export const preflightAnswerSchema = z.object({
  stores: z.array(storePreflightSchema),
  deployableStoreIds: z.array(z.number().int()),
});
export type PreflightAnswer = z.infer<typeof preflightAnswerSchema>;
