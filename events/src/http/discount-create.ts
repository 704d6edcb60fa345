import { z } from 'zod';

/**
 * Discount writes (spec 001 §3 'Create discount payload', §5, §7): create, retry and end. The create body is the
 * spec's payload exactly; the deeper rules that need the catalog and the stores (brand, availability, activity)
 * are the command API's. Messages are the spec's where it gives one.
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
