import { z } from 'zod';

/** Discount reads (spec 001 §2.1, §3, §7; spec 000 §2.4): the list, the detail and the dashboard's numbers. */

export const pageNumber = (label: string, max: number, fallback: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,6}$/, `${label} must be a whole number from 1.`)
    .transform(Number)
    .refine((n) => n <= max, `${label} is at most ${max}.`)
    .optional()
    .transform((n) => n ?? fallback);

/**
 * `dateFrom`/`dateTo`: a day (`2025-01-05`, the whole UTC day) or an instant; the screen sends the instants of
 * the start and the end of the chosen days in the browser's time zone, so `dateTo` includes that whole day.
 */
const dayOrInstant = (label: string) =>
  z
    .string()
    .refine(
      // A day must be a real one too: 2025-13-45 has the shape of a day but no date.
      (s) => !Number.isNaN(Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s)),
      `${label} must be a date like 2025-01-05.`,
    )
    .optional();

export const discountListTypeSchema = z.enum(['gwp', 'multi', 'percentage', 'fixed_amount']);
export const discountListQuerySchema = z.object({
  page: pageNumber('page', 1_000_000, 1),
  limit: pageNumber('limit', 200, 50),
  brandId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'brandId must be a positive whole number.')
    .transform(Number)
    .optional(),
  search: z.string().max(200, 'A search is at most 200 characters.').optional(),
  type: z
    .union([discountListTypeSchema, z.literal('all'), z.literal('')])
    .optional()
    .transform((t) => (t === 'all' || t === '' ? undefined : t)),
  dateFrom: dayOrInstant('dateFrom'),
  dateTo: dayOrInstant('dateTo'),
});
export type DiscountListQuery = z.infer<typeof discountListQuerySchema>;

export const deploymentStatusSchema = z.enum(['pending', 'deployed', 'failed', 'ended']);
export type DeploymentStatus = z.infer<typeof deploymentStatusSchema>;

export const discountDeploymentSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  countryCode: z.string().nullable(),
  urlSlug: z.string(),
  status: deploymentStatusSchema,
  /** Why it failed (Shopify's text, or what is missing), null otherwise. */
  reason: z.string().nullable(),
  retryable: z.boolean(),
  attempts: z.number().int(),
  /** The code live in this store (the seed code, or its suffixed form when the store already held it). */
  code: z.string(),
  shopifyDiscountId: z.string().nullable(),
  updatedAt: z.string(),
  /** Drift in this store (decision 0930): drifted now, Shopify's version accepted, or cleared; null = never. */
  drift: z.enum(['drifted', 'accepted', 'cleared']).nullable().optional(),
});
export type DiscountDeployment = z.infer<typeof discountDeploymentSchema>;

export const discountStatusSchema = z.enum(['scheduled', 'active', 'expired', 'ended']);

/** Spec 001 §3 'Discount (list item)'. A multi with several rules shows its first rule's amount/percentage. */
export const discountItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  discountType: z.enum(['gwp', 'multi', 'percentage', 'fixed_amount']),
  brandId: z.number().int(),
  brandName: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  createdByName: z.string(),
  amount: z.string().nullable(),
  percentage: z.number().nullable(),
  currencySymbol: z.string().nullable(),
  codeCount: z.number().int(),
  seedCode: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: discountStatusSchema,
  deployments: z.array(discountDeploymentSchema),
});
export type DiscountItem = z.infer<typeof discountItemSchema>;

export const discountListSchema = z.object({
  data: z.array(discountItemSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type DiscountList = z.infer<typeof discountListSchema>;

/** GET /api/discounts/:id: the list item plus its whole configuration. */
export const discountDetailSchema = discountItemSchema.extend({
  productScope: z.object({
    type: z.enum(['all', 'products', 'collections']),
    productIds: z.array(z.uuid()),
    collectionIds: z.array(z.uuid()),
  }),
  rules: z.array(
    z.object({
      target: z.object({ type: z.enum(['product', 'collection']), id: z.uuid(), name: z.string() }),
      kind: z.enum(['percentage', 'fixed']),
      amount: z.string(),
    }),
  ),
  gwp: z
    .object({
      requiredType: z.enum(['product', 'collection']),
      triggerProductIds: z.array(z.uuid()),
      requiredCollectionId: z.uuid().nullable(),
      giftProductIds: z.array(z.uuid()),
      triggerQuantity: z.number().int(),
      giftQuantity: z.number().int(),
      minimumCartValue: z.string().nullable(),
    })
    .nullable(),
  combinesWith: z.object({
    orderDiscounts: z.boolean(),
    productDiscounts: z.boolean(),
    shippingDiscounts: z.boolean(),
  }),
  createdByEmail: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type DiscountDetail = z.infer<typeof discountDetailSchema>;

/** GET /api/discounts/stats?brandId: the dashboard's numbers (Total Codes is real; the old 'always 0' was a defect). */
export const discountStatsQuerySchema = z.object({
  brandId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'brandId must be a positive whole number.')
    .transform(Number)
    .optional(),
});
export const discountStatsSchema = z.object({
  totalDiscounts: z.number().int(),
  /** Distinct codes (per discount, case-insensitively) reserved by the caller's discounts, seed codes included. */
  totalCodes: z.number().int(),
  /** Of `totalDiscounts`, those running now: not ended early, not expired, started (issue 25). */
  activeDiscounts: z.number().int(),
});
export type DiscountStats = z.infer<typeof discountStatsSchema>;
