import { z } from 'zod';
import { codeStoreStateSchema, discountCodeSchema } from './discount-codes';
import { deploymentStatusSchema, discountDetailSchema, discountStatusSchema } from './discount-reads';

/**
 * GET /api/discounts/:id/as-of?at=<ISO instant> (issue 16, user and above, brand-scoped: a discount of a
 * foreign brand, or one unknown, is 404; a bad `at` is 400).
 *
 * The discount as it was at `at`, folded from its streams (`discount:<id>` and `discount-codes:<id>`) up to
 * that instant with the same evolve functions the deciders use — never from today's read model. The log is cut
 * by position (decision 1322): at `at`, after the last event of the discount's streams recorded at or before
 * `at`, with every event before it in the log's order (even one whose writer's clock said later); or, with
 * `?position=` instead, after the event at that global position (any stream's), when `at` in the answer is the
 * time that event was recorded. A position the log does not hold (or not yet finally) is 400.
 *
 * The answer mirrors what the read models showed at that moment, so a screen can render it with the same
 * pieces as today's detail and codes pages:
 * - `discount`: null when the discount did not exist yet at `at` (the answer is still 200: it exists today);
 *   otherwise its configuration (the detail's fields, `status` judged at `at`, not now).
 * - `stores`: each target store's deployment at `at` (`live` is true when the discount was deployed there and
 *   not deactivated: "in which stores it was live").
 * - `codes`: the codes it held at `at` (every one, not paged), each with its per-store state; a deleted code
 *   stays listed (`deleted: true`, stores `removing`/`removal_failed`) until every store confirmed its removal,
 *   as on the codes page.
 * Store names are today's (rm.stores); everything else is as of `at`.
 */
const atSchema = z
  .string()
  .max(64, 'at must be a date and time like 2026-01-05T14:30:00Z.')
  .refine(
    (s) => z.iso.datetime({ offset: true }).safeParse(s).success || z.iso.date().safeParse(s).success,
    'at must be a date and time like 2026-01-05T14:30:00Z.',
  )
  // A day alone means its end (23:59:59.999 UTC): "as of 5 January" includes what happened that day.
  .transform((s) => new Date(s.length === 10 ? `${s}T23:59:59.999Z` : s).toISOString());

export const discountAsOfQuerySchema = z
  .object({
    at: atSchema.optional(),
    position: z
      .string()
      .regex(/^\d{1,18}$/, 'position must be a global position of the log: a whole number like 1234.')
      .transform((s) => BigInt(s).toString())
      .optional(),
  })
  .refine(
    (q) => (q.at === undefined) !== (q.position === undefined),
    'Give either at (a date and time like 2026-01-05T14:30:00Z) or position (a global position of the log), not both.',
  );
export type DiscountAsOfQuery = z.infer<typeof discountAsOfQuerySchema>;

export const discountAsOfConfigurationSchema = discountDetailSchema
  .pick({
    id: true,
    name: true,
    description: true,
    discountType: true,
    brandId: true,
    seedCode: true,
    startsAt: true,
    endsAt: true,
    productScope: true,
    rules: true,
    gwp: true,
    combinesWith: true,
    createdAt: true,
    createdByEmail: true,
    endedAt: true,
    createdByName: true,
  })
  .extend({
    /** Judged at `at`: scheduled before `startsAt`, expired from `endsAt`, ended once an admin ended it. */
    status: discountStatusSchema,
  });
export type DiscountAsOfConfiguration = z.infer<typeof discountAsOfConfigurationSchema>;

export const discountAsOfStoreSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  /** As rm.discount_deployments had it: `ended` once the discount was deactivated in this store. */
  status: deploymentStatusSchema,
  /** Deployed there and not (yet) deactivated. */
  live: z.boolean(),
  attempts: z.number().int(),
  /** The code live (or to be live) in this store. */
  code: z.string(),
  shopifyDiscountId: z.string().nullable(),
  /** Why the last attempt failed (Shopify's text), or why it could not be ended there; null otherwise. */
  reason: z.string().nullable(),
  retryable: z.boolean(),
});
export type DiscountAsOfStore = z.infer<typeof discountAsOfStoreSchema>;

export const discountAsOfCodeSchema = discountCodeSchema.pick({ id: true, code: true, influencerName: true }).extend({
  addedAt: z.string(),
  addedBy: z.object({ name: z.string(), email: z.string().nullable() }),
  deleted: z.boolean(),
  deletedAt: z.string().nullable(),
  deletedBy: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  stores: z.array(
    z.object({
      storeId: z.number().int(),
      storeName: z.string(),
      state: codeStoreStateSchema,
      reason: z.string().nullable(),
    }),
  ),
});
export type DiscountAsOfCode = z.infer<typeof discountAsOfCodeSchema>;

export const discountAsOfSchema = z.object({
  discountId: z.uuid(),
  /** The instant asked for, normalised to UTC ISO; asked by position, the time the event there was recorded. */
  at: z.string(),
  /** The global position of the last event folded (null when none was): the answer is exactly the log up to it. */
  position: z.string().nullable(),
  /** How many of the discount's events were folded. */
  eventCount: z.number().int(),
  discount: discountAsOfConfigurationSchema.nullable(),
  stores: z.array(discountAsOfStoreSchema),
  codes: z.array(discountAsOfCodeSchema),
});
export type DiscountAsOf = z.infer<typeof discountAsOfSchema>;
