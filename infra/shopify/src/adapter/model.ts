import { z } from 'zod';
import { ruleSchema } from '../discount-function/config';

const dateTime = z.string().datetime({ offset: true });
const combinesWith = z
  .object({ orderDiscounts: z.boolean(), productDiscounts: z.boolean(), shippingDiscounts: z.boolean() })
  .partial();

const common = {
  title: z.string().min(1).max(255),
  /** The discount's first redeem code; more are bulk-added afterwards (reference §13). */
  code: z.string().min(1).max(255),
  startsAt: dateTime,
  endsAt: dateTime.nullable(),
  usageLimit: z.number().int().positive().nullable().default(null),
  appliesOncePerCustomer: z.boolean().default(false),
  combinesWith: combinesWith.default({}),
  /** Our discount's id, set on it as the marker we recognise it by (`ownerMarker`); none for a discount not ours. */
  ourId: z.string().min(1).optional(),
};

/** A multi discount: several rules, deployed as one app discount run by our Function (ARCHITECTURE §4). */
export const multiDiscountSchema = z.object({
  kind: z.literal('multi'),
  ...common,
  /** The discount Function's id in this store (configuration per store). */
  functionId: z.string().min(1),
  rules: z.array(ruleSchema).min(1),
});

/** A gift with purchase: a native BXGY whose reward is the gift at 100 % off (ARCHITECTURE §4). */
export const gwpDiscountSchema = z.object({
  kind: z.literal('gwp'),
  ...common,
  /** Trigger quantity, or a minimum spend on the trigger items when a minimum cart value is set. */
  trigger: z.union([
    z.object({ quantity: z.number().int().min(1).max(99_999) }),
    z.object({ minimumAmount: z.string().regex(/^\d+(\.\d+)?$/) }),
  ]),
  triggerItems: z.union([
    z.object({ productIds: z.array(z.string()).min(1), variantIds: z.array(z.string()).default([]) }),
    z.object({ collectionIds: z.array(z.string()).min(1) }),
  ]),
  giftVariantIds: z.array(z.string()).min(1),
  giftQuantity: z.number().int().min(1).max(99_999).default(1),
  usesPerOrderLimit: z.number().int().positive().nullable().default(1),
});

export const discountModelSchema = z.discriminatedUnion('kind', [multiDiscountSchema, gwpDiscountSchema]);

export type MultiDiscount = z.infer<typeof multiDiscountSchema>;
export type GwpDiscount = z.infer<typeof gwpDiscountSchema>;
export type DiscountModel = z.infer<typeof discountModelSchema>;
export type DiscountModelInput = z.input<typeof discountModelSchema>;
