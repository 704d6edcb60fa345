import { z } from 'zod';

/**
 * Discount calls (spec 001 §3 'Create discount payload', §5, §7; spec 000 §2.4). The create body is the spec's
 * payload exactly; the deeper rules that need the catalog and the stores (brand, availability, activity) are
 * the command API's. Messages are the spec's where it gives one.
 */

export const discountMessages = {
  nameRequired: 'Discount name is required',
  typeRequired: 'Please select a discount type',
  brandRequired: 'Please select a brand',
  ruleValuePositive: 'Discount value must be a positive number',
  percentageAtMost100: 'A percentage is at most 100',
  amountTwoDecimals: 'An amount has at most 2 decimals',
  endAfterStart: 'The end date must be after the start date',
  giftRequired: 'Select at least one gift product',
  triggerProductsRequired: 'Select at least one trigger product',
  triggerCollectionRequired: 'Select the trigger collection',
  productsRequired: 'Select at least one product',
  collectionsRequired: 'Select at least one collection',
  quantityPositive: 'A quantity is a whole number of at least 1',
  cartValue: 'The minimum cart value is a number of at least 0 with at most 2 decimals',
} as const;

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message);
const catalogId = z.uuid('Ids of products and collections are UUIDs.');
const combinesWith = z
  .object({
    orderDiscounts: z.boolean().default(true),
    productDiscounts: z.boolean().default(true),
    shippingDiscounts: z.boolean().default(false),
  })
  .strict();
const dateText = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'A date must be a date and time, like 2026-12-01T09:00.');
const optionalDate = z
  .union([dateText, z.literal(''), z.null()])
  .optional()
  .transform((s) => (s ? new Date(s).toISOString() : null));
/** Decimal text or a number, kept as text so nothing is rounded on the way. */
const decimal = z
  .union([z.number(), z.string().trim()])
  .transform((v) => String(v))
  .refine((s) => /^\d+(\.\d+)?$/.test(s) && Number(s) > 0, discountMessages.ruleValuePositive);
const quantity = z
  .number({ error: discountMessages.quantityPositive })
  .int(discountMessages.quantityPositive)
  .positive(discountMessages.quantityPositive)
  .max(1000, 'A quantity is at most 1,000');

export const discountRuleBodySchema = z
  .object({
    target: z
      .object({
        type: z.enum(['product', 'collection'], { error: 'A rule targets a product or a collection' }),
        id: z.string().min(1, 'Choose what the rule applies to'),
        name: z.string(),
      })
      .strict(),
    kind: z.enum(['percentage', 'fixed'], { error: 'A rule is a percentage or a fixed amount' }),
    amount: decimal,
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.kind === 'percentage' && Number(rule.amount) > 100)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: discountMessages.percentageAtMost100 });
    if (rule.kind === 'fixed' && !/^\d+(\.\d{1,2})?$/.test(rule.amount))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: discountMessages.amountTwoDecimals });
  });
export type DiscountRuleBody = z.infer<typeof discountRuleBodySchema>;

export const createDiscountBodySchema = z
  .object({
    name: z.string({ error: discountMessages.nameRequired }).trim().min(1, discountMessages.nameRequired).max(255),
    discountType: z.enum(['multi', 'gwp'], { error: discountMessages.typeRequired }),
    description: z.string().trim().max(2000).nullable().optional(),
    brandId: positiveId(discountMessages.brandRequired),
    storeIds: z.array(positiveId('Store ids are positive whole numbers')).max(500).default([]),
    /** The old system sent a fixed placeholder; the creator comes from the session. */
    createdBy: z.unknown().optional(),
    codes: z.array(z.string()).max(0, 'Add codes after creating the discount').default([]),
    productScope: z
      .object({
        type: z.enum(['all', 'products', 'collections'], { error: 'Choose what the discount applies to' }),
        productIds: z.array(catalogId).max(5000).default([]),
        collectionIds: z.array(catalogId).max(5000).default([]),
      })
      .strict()
      .default({ type: 'all', productIds: [], collectionIds: [] }),
    multiConfig: z
      .object({
        discounts: z.array(discountRuleBodySchema).min(1, 'Add at least one rule').max(50),
        tieredDiscounting: z.literal(false).default(false),
        tiers: z.array(z.unknown()).max(0).default([]),
        combinesWith: combinesWith.optional(),
      })
      .strict()
      .nullish(),
    gwpConfig: z
      .object({
        requiredType: z.enum(['product', 'collection'], { error: 'Choose what triggers the gift' }),
        triggerProducts: z.array(catalogId).max(5000).default([]),
        requiredCollection: catalogId.nullable().optional(),
        giftProducts: z.array(catalogId).max(100).default([]),
        triggerQuantity: quantity.default(1),
        giftQuantity: quantity.default(1),
        minimumCartValue: z
          .union([z.number(), z.string().trim(), z.null()])
          .optional()
          .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)))
          .refine((v) => v === null || /^\d+(\.\d{1,2})?$/.test(v), discountMessages.cartValue),
        combinesWith: combinesWith.optional(),
      })
      .strict()
      .nullish(),
    conditions: z
      .object({ startDate: optionalDate, endDate: optionalDate, combinesWith: combinesWith.optional() })
      .strict()
      .default({ startDate: null, endDate: null }),
  })
  .strict()
  .superRefine((body, ctx) => {
    const { startDate, endDate } = body.conditions;
    if (startDate && endDate && Date.parse(endDate) <= Date.parse(startDate))
      ctx.addIssue({ code: 'custom', path: ['conditions', 'endDate'], message: discountMessages.endAfterStart });
    if (body.discountType === 'multi' && !body.multiConfig)
      ctx.addIssue({
        code: 'custom',
        path: ['multiConfig'],
        message: 'A multi discount needs its rules (multiConfig)',
      });
    if (body.discountType === 'gwp') {
      const gwp = body.gwpConfig;
      if (!gwp) {
        ctx.addIssue({ code: 'custom', path: ['gwpConfig'], message: 'A gift with purchase needs gwpConfig' });
        return;
      }
      if (gwp.giftProducts.length === 0)
        ctx.addIssue({ code: 'custom', path: ['gwpConfig', 'giftProducts'], message: discountMessages.giftRequired });
      if (gwp.requiredType === 'product' && gwp.triggerProducts.length === 0 && gwp.minimumCartValue === null)
        ctx.addIssue({
          code: 'custom',
          path: ['gwpConfig', 'triggerProducts'],
          message: discountMessages.triggerProductsRequired,
        });
      if (gwp.requiredType === 'collection' && !gwp.requiredCollection && gwp.minimumCartValue === null)
        ctx.addIssue({
          code: 'custom',
          path: ['gwpConfig', 'requiredCollection'],
          message: discountMessages.triggerCollectionRequired,
        });
    }
    if (
      body.discountType === 'gwp' &&
      body.productScope.type === 'products' &&
      body.productScope.productIds.length === 0
    )
      ctx.addIssue({
        code: 'custom',
        path: ['productScope', 'productIds'],
        message: discountMessages.productsRequired,
      });
    if (
      body.discountType === 'gwp' &&
      body.productScope.type === 'collections' &&
      body.productScope.collectionIds.length === 0
    )
      ctx.addIssue({
        code: 'custom',
        path: ['productScope', 'collectionIds'],
        message: discountMessages.collectionsRequired,
      });
  });
export type CreateDiscountBody = z.input<typeof createDiscountBodySchema>;
export type CreateDiscountInput = z.output<typeof createDiscountBodySchema>;

/** 201: the new discount; its deployments run in the background (poll GET /api/discounts/:id). */
export const discountCreatedAnswerSchema = z.object({
  id: z.uuid(),
  seedCode: z.string(),
  storeIds: z.array(z.number().int()),
});
export type DiscountCreatedAnswer = z.infer<typeof discountCreatedAnswerSchema>;

export const discountIdParamsSchema = z.object({ id: z.uuid('The discount id in the address must be a UUID.') });
export const deploymentParamsSchema = z.object({
  id: z.uuid('The discount id in the address must be a UUID.'),
  storeId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'The store id in the address must be a positive whole number.')
    .transform(Number),
});

// ---- Reads ----------------------------------------------------------------------------------------------

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
});
export type DiscountStats = z.infer<typeof discountStatsSchema>;
