import { z } from 'zod';
import { foldCode } from './code-fold';
import { eventSchema, isoDateTime } from './define-event';

export { foldCode };

/**
 * Discounts (docs/decisions/1000-discount-streams.md):
 * - `discount:<discountId>`: one discount, from its creation through every store's deployment and its end;
 * - `code-reservation:<storeId>:<foldedCode>`: the code-reservation ledger. A code is unique per store,
 *   case-insensitively, across every discount of every brand: a reservation stream exists at most once per
 *   (store, folded code) with an unreleased reservation, which optimistic concurrency enforces when the
 *   reservation is appended together with the discount (`appendMany`, expected `no_stream` or the version of
 *   its last release).
 */
export const discountStream = (discountId: string) => `discount:${discountId}`;
export const codeReservationStream = (storeId: number, code: string) => `code-reservation:${storeId}:${foldCode(code)}`;

/**
 * The seed code (issue 25, decision 1304): the first code of every deployed discount, random so no customer can
 * guess it from the discount's name. Its alphabet leaves out look-alikes (0/O, 1/I/L); 12 characters in three
 * groups of four (`K7QM-8XH3-PZ2W`), about 59 bits.
 */
export const seedCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const seedGroups = 3;
const seedGroupLength = 4;

/** A seed code drawn with `pick(n)`, a uniform integer in [0, n): the caller brings its randomness (crypto). */
export const randomSeedCode = (pick: (n: number) => number): string =>
  Array.from({ length: seedGroups }, () =>
    Array.from({ length: seedGroupLength }, () => seedCodeAlphabet[pick(seedCodeAlphabet.length)]!).join(''),
  ).join('-');

export const isSeedCodeShape = (code: string): boolean =>
  new RegExp(
    `^[${seedCodeAlphabet}]{${seedGroupLength}}(-[${seedCodeAlphabet}]{${seedGroupLength}}){${seedGroups - 1}}$`,
  ).test(code);

const id = z.number().int().positive();
const uuid = z.uuid();

export const discountTypeSchema = z.enum(['multi', 'gwp']);
export type DiscountType = z.infer<typeof discountTypeSchema>;

export const combinesWithSchema = z.object({
  orderDiscounts: z.boolean(),
  productDiscounts: z.boolean(),
  shippingDiscounts: z.boolean(),
});
export type CombinesWith = z.infer<typeof combinesWithSchema>;

/** Catalog item ids (any member of a product or collection group; resolved per store when deployed). */
export const productScopeSchema = z.object({
  type: z.enum(['all', 'products', 'collections']),
  productIds: z.array(uuid),
  collectionIds: z.array(uuid),
});
export type ProductScope = z.infer<typeof productScopeSchema>;

export const discountRuleSchema = z.object({
  target: z.object({ type: z.enum(['product', 'collection']), id: uuid, name: z.string() }),
  kind: z.enum(['percentage', 'fixed']),
  /** Decimal text: a percentage 0 < v ≤ 100, or an amount > 0 with at most 2 decimals. */
  amount: z.string(),
});
export type DiscountRule = z.infer<typeof discountRuleSchema>;

export const gwpSettingsSchema = z.object({
  requiredType: z.enum(['product', 'collection']),
  triggerProductIds: z.array(uuid),
  requiredCollectionId: uuid.nullable(),
  giftProductIds: z.array(uuid).min(1),
  triggerQuantity: z.number().int().positive(),
  giftQuantity: z.number().int().positive(),
  /** When set, the trigger is this cart value (`customerBuys.value.amount`), not the quantity. */
  minimumCartValue: z.string().nullable(),
});
export type GwpSettings = z.infer<typeof gwpSettingsSchema>;

export const discountCreatorSchema = z.object({ userId: z.string(), name: z.string(), email: z.string().nullable() });

// ---- discount:<discountId> ----------------------------------------------------------------------------

export const discountCreatedSchema = eventSchema(
  'DiscountCreated',
  z.object({
    discountId: uuid,
    brandId: id,
    name: z.string(),
    description: z.string().nullable(),
    discountType: discountTypeSchema,
    productScope: productScopeSchema,
    /** multi only (empty for gwp). */
    rules: z.array(discountRuleSchema),
    /** gwp only. */
    gwp: gwpSettingsSchema.nullable(),
    startsAt: isoDateTime.nullable(),
    endsAt: isoDateTime.nullable(),
    combinesWith: combinesWithSchema,
    /** The resolved target stores (an empty request means every active store of the brand). */
    storeIds: z.array(id).min(1),
    /** Reserved in every target store together with this event. */
    seedCode: z.string(),
    createdBy: discountCreatorSchema,
    createdAt: isoDateTime,
  }),
);

/** Asked for at creation (attempt 1) and by each Retry. The reactor answers with Deployed or DeploymentFailed. */
export const discountDeploymentRequestedSchema = eventSchema(
  'DiscountDeploymentRequested',
  z.object({ discountId: uuid, storeId: id, attempt: z.number().int().positive(), requestedAt: isoDateTime }),
);
export const discountDeployedSchema = eventSchema(
  'DiscountDeployed',
  z.object({
    discountId: uuid,
    storeId: id,
    shopifyDiscountId: z.string(),
    code: z.string(),
    attempt: z.number().int().positive(),
    deployedAt: isoDateTime,
  }),
);
export const discountDeploymentFailedSchema = eventSchema(
  'DiscountDeploymentFailed',
  z.object({
    discountId: uuid,
    storeId: id,
    reason: z.string(),
    /** False for Shopify's userErrors and for what only a person can fix (a missing product, no Function id). */
    retryable: z.boolean(),
    attempt: z.number().int().positive(),
    failedAt: isoDateTime,
  }),
);
/**
 * The seed code was taken in the store by something outside our ledger: the reactor took the next free suffix
 * (reserved in the ledger in the same append) and deploys with it.
 */
export const discountSeedCodeReassignedSchema = eventSchema(
  'DiscountSeedCodeReassigned',
  z.object({ discountId: uuid, storeId: id, from: z.string(), to: z.string(), reassignedAt: isoDateTime }),
);

/** Beyond the spec: an admin ends a discount early; the reactor deactivates it in every store it is live in. */
export const discountEndedSchema = eventSchema(
  'DiscountEnded',
  z.object({ discountId: uuid, endedBy: discountCreatorSchema, endedAt: isoDateTime }),
);
export const discountDeactivatedInStoreSchema = eventSchema(
  'DiscountDeactivatedInStore',
  z.object({ discountId: uuid, storeId: id, deactivatedAt: isoDateTime }),
);
export const discountDeactivationFailedSchema = eventSchema(
  'DiscountDeactivationFailed',
  z.object({ discountId: uuid, storeId: id, reason: z.string(), retryable: z.boolean(), failedAt: isoDateTime }),
);

export const discountEventSchema = z.discriminatedUnion('type', [
  discountCreatedSchema,
  discountDeploymentRequestedSchema,
  discountDeployedSchema,
  discountDeploymentFailedSchema,
  discountSeedCodeReassignedSchema,
  discountEndedSchema,
  discountDeactivatedInStoreSchema,
  discountDeactivationFailedSchema,
]);
export type DiscountEvent = z.infer<typeof discountEventSchema>;

// ---- code-reservation:<storeId>:<foldedCode> ------------------------------------------------------------

/** `code` keeps the case it was given; the stream id carries the folded form. */
export const codeReservedSchema = eventSchema(
  'CodeReserved',
  z.object({ storeId: id, code: z.string(), discountId: uuid, brandId: id, reservedAt: isoDateTime }),
);
export const codeReleasedSchema = eventSchema(
  'CodeReleased',
  z.object({ storeId: id, code: z.string(), discountId: uuid, brandId: id, releasedAt: isoDateTime }),
);

export const codeReservationEventSchema = z.discriminatedUnion('type', [codeReservedSchema, codeReleasedSchema]);

/**
 * A reservation recorded under the old folding of codes (plain lower case), moved to the stream of today's
 * folding (decision 1310): appended to the old stream, in one append with the `CodeReserved` of the new one,
 * `to`. The old stream holds nothing after it; the ledger's holder of the code did not change.
 */
export const codeReservationMovedSchema = eventSchema(
  'CodeReservationMoved',
  z.object({ storeId: id, code: z.string(), discountId: uuid, brandId: id, to: z.string(), movedAt: isoDateTime }),
);
export type CodeReservationEvent = z.infer<typeof codeReservationEventSchema>;
