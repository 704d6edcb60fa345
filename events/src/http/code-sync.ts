import { z } from 'zod';

/**
 * Code sync and the synced-codes browser (spec 000 §2.7, §2.8, §3, §7). Status values per §4: `idle` (shown
 * Ready), `syncing`, `failed`, and `error` (set by the client when the status call fails).
 */

export { codeSyncStalledAfterMs } from '../code-sync';

export const codeSyncTriggerBodySchema = z
  .object({
    incremental: z.boolean({
      error: (issue) =>
        issue.input === undefined ? 'incremental is required (true or false).' : 'incremental must be true or false.',
    }),
  })
  .strict();
export type CodeSyncTriggerBody = z.infer<typeof codeSyncTriggerBodySchema>;

/** 202: the sync runs in the projectors; poll the status. `resumed` when a stalled sync was asked to continue. */
export const codeSyncAcceptedSchema = z.object({ syncId: z.uuid(), resumed: z.boolean() });
export type CodeSyncAccepted = z.infer<typeof codeSyncAcceptedSchema>;

export const codeSyncStatusValueSchema = z.enum(['idle', 'syncing', 'failed']);

export const codeSyncStatusSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  syncStatus: codeSyncStatusValueSchema,
  /** When the last successful sync completed; null = never. */
  lastSyncAt: z.string().nullable(),
  totalCodesImported: z.number().int(),
  errorMessage: z.string().nullable(),
  /** Moves with every progress event, so 'stalled' (> 5 min without an update) means something. */
  updatedAt: z.string().nullable(),
  codesSynced: z.number().int(),
  /** Null while the total is unknown (the export has not said yet). */
  codesExpected: z.number().int().nullable(),
  /** The kind of the current or last sync. */
  syncKind: z.enum(['full', 'incremental', 'usage']).nullable(),
  /** A full sync has completed: incremental updates are possible. */
  hasFullSync: z.boolean(),
  /** Our discounts whose copy in this store differs from our log now (drift, decision 0930). */
  driftedDiscounts: z.number().int().optional(),
});
export type CodeSyncStatus = z.infer<typeof codeSyncStatusSchema>;

const positiveInt = (label: string, max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, `${label} must be a positive whole number.`)
    .transform(Number)
    .refine((n) => n <= max, `${label} must be at most ${max}.`);

export const syncedCodeTypeSchema = z.enum(['single', 'multi', 'gwp', 'manual']);
export type SyncedCodeType = z.infer<typeof syncedCodeTypeSchema>;
export const syncedCodeStatusSchema = z.enum(['ACTIVE', 'EXPIRED', 'SCHEDULED']);
export type SyncedCodeStatus = z.infer<typeof syncedCodeStatusSchema>;

export const syncedCodesQuerySchema = z.object({
  page: positiveInt('page', 1_000_000).default(1),
  limit: positiveInt('limit', 250).default(50),
  search: z.string().max(255, 'search must be at most 255 characters.').optional(),
  brandId: positiveInt('brandId', 999_999_999).optional(),
  storeId: positiveInt('storeId', 999_999_999).optional(),
  type: z
    .enum(['single', 'multi', 'gwp', 'manual'], { error: 'type must be one of single, multi, gwp, manual.' })
    .optional(),
  status: z
    .enum(['ACTIVE', 'EXPIRED', 'SCHEDULED'], { error: 'status must be one of ACTIVE, EXPIRED, SCHEDULED.' })
    .optional(),
});
export type SyncedCodesQuery = z.infer<typeof syncedCodesQuerySchema>;

export const syncedCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  discountTitle: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  /** The store's shop domain, from which the link to the discount in Shopify's admin is built. */
  shopDomain: z.string(),
  functionId: z.string().nullable(),
  status: syncedCodeStatusSchema,
  usageCount: z.number().int(),
  usageLimit: z.number().int().nullable(),
  maxUsageReached: z.boolean(),
  createdAt: z.string().nullable(),
  shopifyDiscountId: z.string(),
  /** Shopify's type name: DiscountCodeBasic, DiscountCodeBxgy, DiscountCodeApp, … */
  discountType: z.string(),
  isBxgy: z.boolean(),
});
export type SyncedCode = z.infer<typeof syncedCodeSchema>;

export const syncedCodesPageSchema = z.object({ codes: z.array(syncedCodeSchema), total: z.number().int() });
export type SyncedCodesPage = z.infer<typeof syncedCodesPageSchema>;

export const syncedCodeStatsQuerySchema = z.object({ brandId: positiveInt('brandId', 999_999_999).optional() });

export const syncedCodeStatsSchema = z.object({
  totalCodes: z.number().int(),
  totalDiscounts: z.number().int(),
  singleCodeDiscounts: z.number().int(),
  multiCodeDiscounts: z.number().int(),
  appCreatedDiscounts: z.number().int(),
  storeBreakdown: z.record(z.string(), z.number().int()),
});
export type SyncedCodeStats = z.infer<typeof syncedCodeStatsSchema>;

/** The discount in the store's Shopify admin, built from the shop domain (the spec's store-name trick was a defect). */
export const shopifyAdminDiscountUrl = (shopDomain: string, shopifyDiscountId: string): string => {
  const handle = shopDomain.replace(/\.myshopify\.com$/, '');
  const numeric = shopifyDiscountId.split('/').pop() ?? '';
  return `https://admin.shopify.com/store/${encodeURIComponent(handle)}/discounts/${encodeURIComponent(numeric)}`;
};
