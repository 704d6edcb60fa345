import { z } from 'zod';
import { codeMaxLength, codeProblem } from '../discount-codes';
import { foldCode } from '../discounts';
import { pageNumber } from './discount-reads';

/**
 * Discount-code calls (spec 001 §2.2–2.5, §3, §5, §7; issue 12). Messages are the spec's where it gives one; a
 * bad code is named with what is wrong with it.
 */

export const discountCodeMessages = {
  codesRequired: 'At least one code is required',
  storesRequired: 'Select at least one store',
} as const;

/** At most this many codes per add or check; larger sets go through the CSV import. */
export const maxCodesPerRequest = 1000;

export interface ParsedCodes {
  /** Distinct codes (case-insensitively), each as first written. */
  readonly codes: string[];
  /** Entries dropped because an earlier entry was the same code. */
  readonly duplicatesSkipped: number;
}

/** Spec 001 §5: split on commas, trimmed, empty entries dropped; duplicates (case-insensitive) collapsed. */
export const parseCodeList = (input: string | readonly string[]): ParsedCodes => {
  const entries = (typeof input === 'string' ? [input] : input)
    .flatMap((text) => text.split(','))
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const byFolded = new Map<string, string>();
  for (const code of entries) if (!byFolded.has(foldCode(code))) byFolded.set(foldCode(code), code);
  return { codes: [...byFolded.values()], duplicatesSkipped: entries.length - byFolded.size };
};

const quoted = (code: string) => `"${code.length > 40 ? `${code.slice(0, 40)}…` : code}"`;

/** Codes as the spec's form sends them (an array, entries may hold commas; one text is taken too), parsed. */
const codeListSchema = z
  .union([z.string().max(300_000), z.array(z.string().max(300_000)).max(maxCodesPerRequest)], {
    error: discountCodeMessages.codesRequired,
  })
  .transform((input, ctx) => {
    const parsed = parseCodeList(input);
    if (parsed.codes.length === 0) ctx.addIssue({ code: 'custom', message: discountCodeMessages.codesRequired });
    if (parsed.codes.length > maxCodesPerRequest)
      ctx.addIssue({
        code: 'custom',
        message: `At most ${maxCodesPerRequest.toLocaleString('en')} codes at once; import more from a CSV file`,
      });
    const bad = parsed.codes.flatMap((code) => {
      const problem = codeProblem(code);
      return problem ? [`code ${quoted(code)} ${problem}`] : [];
    });
    if (bad.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''} (a code is 1–${codeMaxLength} characters without spaces or control characters)`,
      });
    return parsed;
  });

const storeIdsSchema = z
  .array(
    z
      .number({ error: discountCodeMessages.storesRequired })
      .int(discountCodeMessages.storesRequired)
      .positive(discountCodeMessages.storesRequired)
      .max(2_147_483_647, 'A store id is at most 2147483647'),
    { error: discountCodeMessages.storesRequired },
  )
  .min(1, discountCodeMessages.storesRequired)
  .max(500, 'At most 500 stores')
  .transform((ids) => [...new Set(ids)]);

/** POST /api/discounts/:id/codes (spec 001 §7). */
export const addDiscountCodesBodySchema = z
  .object({
    codes: codeListSchema,
    stores: storeIdsSchema,
    influencerName: z
      .string()
      .trim()
      .max(255, 'An influencer name is at most 255 characters')
      .nullish()
      .transform((name) => (name ? name : null)),
  })
  .strict();
export type AddDiscountCodesBody = z.input<typeof addDiscountCodesBodySchema>;
export type AddDiscountCodesInput = z.output<typeof addDiscountCodesBodySchema>;

export const codeStoreRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** 201. `savedLocally`: the discount is deployed nowhere yet, so the codes wait ('Codes saved (not on Shopify)'). */
export const discountCodesAddedAnswerSchema = z.object({
  availableStores: z.array(codeStoreRefSchema),
  codesAdded: z.number().int(),
  duplicatesSkipped: z.number().int(),
  savedLocally: z.boolean(),
  data: z.object({
    addedCodes: z.array(z.object({ id: z.uuid(), code: z.string() })),
    codesAdded: z.number().int(),
  }),
});
export type DiscountCodesAddedAnswer = z.infer<typeof discountCodesAddedAnswerSchema>;

/** Codes × stores one availability check may ask about: a stale store's codes are asked of Shopify (issue 22). */
export const maxCheckedPairs = 25_000;

/** POST /api/discounts/:id/codes/check-availability (read-only). */
export const checkCodesBodySchema = z
  .object({ codes: codeListSchema, stores: storeIdsSchema })
  .strict()
  .superRefine((body, ctx) => {
    // zod runs this even when a field failed its own check (a code too long): count only what parsed.
    const parsed: { codes?: { codes?: unknown }; stores?: unknown } = body;
    const codes = parsed.codes?.codes;
    const stores = parsed.stores;
    if (!Array.isArray(codes) || !Array.isArray(stores)) return;
    const pairs = codes.length * stores.length;
    if (pairs > maxCheckedPairs)
      ctx.addIssue({
        code: 'custom',
        path: ['codes'],
        message: `${codes.length.toLocaleString('en')} codes in ${stores.length} stores are ${pairs.toLocaleString('en')} checks; one check covers at most ${maxCheckedPairs.toLocaleString('en')} (for example 1,000 codes in 25 stores). Check fewer codes or stores at a time`,
      });
  });
export type CheckCodesBody = z.input<typeof checkCodesBodySchema>;

/** Where a taken code is: our discount's name, or 'exists in Shopify'. */
export const codeAvailabilitySchema = z.object({
  code: z.string(),
  available: z.boolean(),
  takenBy: z.string().nullable(),
});
export const checkCodesAnswerSchema = z.object({
  canCreate: z.boolean(),
  results: z.array(
    z.object({ storeId: z.number().int(), storeName: z.string(), codes: z.array(codeAvailabilitySchema) }),
  ),
  /**
   * Stores whose answer rests on our ledger alone: Shopify could not be asked in time (the check waits at most a
   * few seconds, and leaves half of a store's rate budget to pushes and syncs), or not at all. A code shown free
   * there may still exist in Shopify; the push would report it.
   */
  unchecked: z.array(z.object({ storeId: z.number().int(), storeName: z.string(), reason: z.string() })).default([]),
  /** Spec 001 §3 'Conflict item': each requested code that is taken somewhere, with where. */
  conflicts: z.array(
    z.object({
      code: z.string(),
      conflicts: z.array(z.object({ storeId: z.number().int(), storeName: z.string(), takenBy: z.string() })),
    }),
  ),
});
export type CheckCodesAnswer = z.infer<typeof checkCodesAnswerSchema>;

/** GET /api/discounts/:id/codes: server paging and search (code, influencer or creator email). */
export const discountCodesQuerySchema = z.object({
  page: pageNumber('page', 1_000_000, 1),
  limit: pageNumber('limit', 200, 50),
  search: z.string().max(200, 'A search is at most 200 characters.').optional(),
});
export type DiscountCodesQuery = z.infer<typeof discountCodesQuerySchema>;

/**
 * A code in one store: `pending` until pushed, `live` in Shopify, `failed` or `conflict` (the store already
 * held it from outside) with the reason; after a delete, `removing` until the store confirms, or
 * `removal_failed` with the reason.
 */
export const codeStoreStateSchema = z.enum(['pending', 'live', 'failed', 'conflict', 'removing', 'removal_failed']);
export type CodeStoreState = z.infer<typeof codeStoreStateSchema>;

export const discountCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  createdAt: z.string(),
  addedAt: z.string(),
  influencerName: z.string().nullable(),
  createdByUser: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  /** True once the code was deleted (shown only while a store has not confirmed its removal). */
  deleted: z.boolean(),
  /** The discount's seed code (decision 1390): deployed with the discount, not deletable on its own. */
  firstCode: z.boolean(),
  stores: z.array(
    z.object({
      storeId: z.number().int(),
      storeName: z.string(),
      isActive: z.boolean(),
      state: codeStoreStateSchema,
      reason: z.string().nullable(),
    }),
  ),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const discountCodesPageSchema = z.object({
  data: z.array(discountCodeSchema),
  /** The discount's deployed stores (spec 001 §3). */
  availableStores: z.array(codeStoreRefSchema.extend({ countryCode: z.string().nullable(), urlSlug: z.string() })),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type DiscountCodesPage = z.infer<typeof discountCodesPageSchema>;

export const codeIdParamsSchema = z.object({ codeId: z.uuid('The code id in the address must be a UUID.') });
