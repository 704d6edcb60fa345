import { z } from 'zod';
import { driftDifferencesSchema } from '../drift';

/**
 * Drift between our discounts and the stores (issue 13, decision 0930): per discount and store, the last finding,
 * the re-assertion under way and what an admin accepted.
 */

export { driftDifferencesSchema, type DriftDifferences } from '../drift';

export const driftStateSchema = z.enum(['drifted', 'accepted', 'cleared']);
export const reassertStateSchema = z.enum(['requested', 'done', 'failed']);

export const discountStoreDriftSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  /** drifted: the store differs now; accepted: Shopify's version was taken; cleared: a later sync found none. */
  state: driftStateSchema,
  differences: driftDifferencesSchema,
  detectedAt: z.string(),
  /** The last re-assertion: asked for, done (the next sync tells whether it held) or failed with its reason. */
  reassert: z.object({ state: reassertStateSchema, reason: z.string().nullable(), at: z.string() }).nullable(),
  /** Shopify's values an admin accepted (title, startsAt, endsAt): what this store now runs with. */
  accepted: z.object({
    fields: z.record(z.string(), z.string().nullable()),
    deleted: z.boolean(),
    by: z.string().nullable(),
    at: z.string().nullable(),
  }),
});
export type DiscountStoreDrift = z.infer<typeof discountStoreDriftSchema>;

/** `GET /api/discounts/:id/drift`: every store where the discount ever drifted, open findings first. */
export const discountDriftAnswerSchema = z.object({ drift: z.array(discountStoreDriftSchema) });
export type DiscountDriftAnswer = z.infer<typeof discountDriftAnswerSchema>;

/** `GET /api/stores/:id/drift`: the store's discounts that differ now, with what differs. */
export const storeDriftItemSchema = discountStoreDriftSchema.extend({ discountId: z.uuid(), discountName: z.string() });
export const storeDriftAnswerSchema = z.object({ drift: z.array(storeDriftItemSchema) });
export type StoreDriftAnswer = z.infer<typeof storeDriftAnswerSchema>;

/** 202: the re-assertion runs in the projectors; the next sync of the store tells whether it held. */
export const driftReassertAcceptedSchema = z.object({ requestId: z.uuid() });
