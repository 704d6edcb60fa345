import { z } from 'zod';

/**
 * The rules of a multi discount, stored as the app discount's metafield configuration
 * (ARCHITECTURE §4) and read by the Function at checkout.
 */
export const ruleSchema = z.object({
  title: z.string().min(1).optional(),
  value: z.union([
    z.object({ percentage: z.number().gt(0).lte(100) }),
    z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/) }),
  ]),
  appliesTo: z.union([
    z.object({ all: z.literal(true) }),
    z.object({ productIds: z.array(z.string()).min(1) }),
    z.object({ variantIds: z.array(z.string()).min(1) }),
    z.object({ collectionIds: z.array(z.string()).min(1) }),
  ]),
  minimumSubtotal: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .optional(),
  minimumQuantity: z.number().int().positive().optional(),
});

export const rulesConfigSchema = z.object({
  version: z.literal(1),
  rules: z.array(ruleSchema).min(1),
  /**
   * Every collection the rules name: Shopify passes top-level keys of this metafield to the Function's input
   * query as variables, and `inCollections(ids: $collectionIds)` needs them (extensions/discount-function).
   */
  collectionIds: z.array(z.string()).optional(),
});

export type DiscountRule = z.infer<typeof ruleSchema>;
export type RulesConfig = z.infer<typeof rulesConfigSchema>;

/** Where the configuration lives on the app discount. */
export const configMetafield = {
  namespace: '$app:discount-manager',
  key: 'function-configuration',
  type: 'json',
} as const;
