import { z } from 'zod';
import { eventSchema, isoDateTime } from './define-event';
import { discountCreatorSchema } from './discounts';

/**
 * Drift (issue 13, decision 0930): what a store holds of one of our discounts differs from what our log says it
 * should hold. One stream per discount and store, `discount-drift:<discountId>:<storeId>`: the code-sync reactor
 * records each finding after a sync, and a later sync with no difference clears it; an admin re-asserts our
 * version (a reactor) or accepts Shopify's.
 */
export const discountDriftStream = (discountId: string, storeId: number) => `discount-drift:${discountId}:${storeId}`;

/** At most this many codes are named per kind of difference; the counts are exact. */
export const driftCodesListed = 1000;

const id = z.number().int().positive();
const count = z.number().int().nonnegative();

export const driftFieldSchema = z.enum(['title', 'startsAt', 'endsAt', 'status']);
export type DriftField = z.infer<typeof driftFieldSchema>;

export const driftDifferencesSchema = z.object({
  /** Our discount is gone from the store (deleted in Shopify's admin). */
  deleted: z.boolean(),
  /** Codes Shopify confirmed for us (and the deployment's own code) that the store no longer holds. */
  missingCodes: z.array(z.string()),
  missingCodeCount: count,
  /** Codes on our discount in the store that we never added. */
  unexpectedCodes: z.array(z.string()),
  unexpectedCodeCount: count,
  /** Configuration edited in the store: ours and Shopify's values (instants as ISO text; status ACTIVE/EXPIRED/…). */
  fields: z.array(z.object({ field: driftFieldSchema, ours: z.string().nullable(), shopify: z.string().nullable() })),
});
export type DriftDifferences = z.infer<typeof driftDifferencesSchema>;

export const hasDifferences = (d: DriftDifferences) =>
  d.deleted || d.missingCodeCount > 0 || d.unexpectedCodeCount > 0 || d.fields.length > 0;

const subject = { discountId: z.uuid(), storeId: id };

export const discountDriftDetectedSchema = eventSchema(
  'DiscountDriftDetected',
  z.object({
    ...subject,
    brandId: id,
    syncId: z.uuid(),
    shopifyDiscountId: z.string(),
    differences: driftDifferencesSchema,
    detectedAt: isoDateTime,
  }),
);
/** A sync found the store as our log says again (re-asserted, or put back by hand). */
export const discountDriftClearedSchema = eventSchema(
  'DiscountDriftCleared',
  z.object({ ...subject, syncId: z.uuid(), clearedAt: isoDateTime }),
);
/** An admin asked to put our version back in the store: the differences as they were shown. */
export const discountDriftReassertRequestedSchema = eventSchema(
  'DiscountDriftReassertRequested',
  z.object({
    ...subject,
    brandId: id,
    requestId: z.uuid(),
    shopifyDiscountId: z.string(),
    differences: driftDifferencesSchema,
    requestedBy: discountCreatorSchema,
    requestedAt: isoDateTime,
  }),
);
export const discountDriftReassertedSchema = eventSchema(
  'DiscountDriftReasserted',
  z.object({
    ...subject,
    requestId: z.uuid(),
    /** A new id when the discount had been deleted and was created again. */
    shopifyDiscountId: z.string(),
    recreated: z.boolean(),
    codesAdded: count,
    codesRemoved: count,
    fieldsRestored: z.array(driftFieldSchema),
    reassertedAt: isoDateTime,
  }),
);
export const discountDriftReassertFailedSchema = eventSchema(
  'DiscountDriftReassertFailed',
  z.object({ ...subject, requestId: z.uuid(), reason: z.string(), failedAt: isoDateTime }),
);
/** An admin took Shopify's version: later syncs compare with it, and the read model shows it. */
export const discountDriftAcceptedSchema = eventSchema(
  'DiscountDriftAccepted',
  z.object({
    ...subject,
    brandId: id,
    differences: driftDifferencesSchema,
    acceptedBy: discountCreatorSchema,
    acceptedAt: isoDateTime,
  }),
);

export const discountDriftEventSchema = z.discriminatedUnion('type', [
  discountDriftDetectedSchema,
  discountDriftClearedSchema,
  discountDriftReassertRequestedSchema,
  discountDriftReassertedSchema,
  discountDriftReassertFailedSchema,
  discountDriftAcceptedSchema,
]);
export type DiscountDriftEvent = z.infer<typeof discountDriftEventSchema>;
