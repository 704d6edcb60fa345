import { z } from 'zod';
import { codeMaxLength, codeProblem } from '../discount-codes';
import { codeStoreRefSchema, discountCodeMessages } from './discount-codes';

/**
 * Codes in bulk, beyond spec 001 (issue 12 'Beyond the spec'; docs/decisions/1140-codes-import-export-generate.md):
 * a CSV import, a CSV export, and codes generated from a pattern. Imports and generated codes are reserved in the
 * ledger like added codes.
 */

export const maxImportRows = 100_000;
export const maxImportBytes = 10 * 1024 * 1024;
/** Generated codes per request: each is answered, so a person can copy or download them. */
export const maxGeneratedCodes = 10_000;

const storeIdsSchema = z
  .array(z.number().int().positive().max(2_147_483_647), { error: discountCodeMessages.storesRequired })
  .min(1, discountCodeMessages.storesRequired)
  .max(500, 'At most 500 stores')
  .transform((ids) => [...new Set(ids)]);

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * POST /api/discounts/:id/codes/import: the file's text as the browser read it, and the stores. Columns `code`
 * and `influencer`; a first row reading `code` (any case) is the header and is skipped.
 */
export const importCodesBodySchema = z
  .object({
    csv: z
      .string({ error: 'Choose a CSV file to import' })
      .refine((csv) => csv.trim() !== '', 'The file is empty: it needs one code per row')
      .refine(
        (csv) => csv.length <= maxImportBytes && utf8Length(csv) <= maxImportBytes,
        `The file is larger than ${megabytes(maxImportBytes)}; split it into smaller files`,
      ),
    stores: storeIdsSchema,
  })
  .strict();
export type ImportCodesBody = z.input<typeof importCodesBodySchema>;

/** A row the import did not add, for the report a person downloads. `row` is the file's line (header included). */
export const rejectedRowSchema = z.object({ row: z.number().int(), code: z.string(), reason: z.string() });
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

export const importCodesResultSchema = z.object({
  rowsRead: z.number().int(),
  codesAdded: z.number().int(),
  rejected: z.array(rejectedRowSchema),
  availableStores: z.array(codeStoreRefSchema),
  /** The discount is deployed nowhere yet: the codes wait for it ('Codes saved (not on Shopify)'). */
  savedLocally: z.boolean(),
});
export type ImportCodesResult = z.infer<typeof importCodesResultSchema>;

/**
 * The import answers 200 with newline-delimited JSON (`application/x-ndjson`) once the file and the stores are
 * valid: progress lines while rows are checked against the ledger and reserved, then one `done` (with the log
 * position, for read-your-writes) or one `failed`. A bad request is a plain 4xx `{message}` before any line.
 */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    phase: z.enum(['checking', 'reserving']),
    done: z.number().int(),
    total: z.number().int(),
  }),
  z.object({ type: z.literal('done'), result: importCodesResultSchema, position: z.string().nullable() }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;

// ---- codes from a pattern ---------------------------------------------------------------------------------

// Without the look-alikes 0/O and 1/I/L (decision 1360): a code read off a poster or a screen is typed right.
const letters = 'ABCDEFGHJKMNPQRSTUVWXYZ';
const digits = '23456789';
export const patternAlphabets = { L: letters, N: digits, LN: `${letters}${digits}` };
export type PatternPart = string | { readonly length: number; readonly alphabet: string };
export interface CodePattern {
  readonly parts: readonly PatternPart[];
  /** How many distinct codes the pattern can make (Infinity past what a number holds). */
  readonly capacity: number;
}

const groupPattern = /\[(\d+)(LN|L|N)\]/g;

/**
 * `SUMMER-[6LN]`: text kept as written, `[nL]` n letters, `[nN]` n digits, `[nLN]` n of either (1 ≤ n ≤ 32).
 * The problem in words, or the parsed pattern.
 */
export const parseCodePattern = (pattern: string): CodePattern | string => {
  const parts: PatternPart[] = [];
  let at = 0;
  let length = 0;
  for (const match of pattern.matchAll(groupPattern)) {
    const n = Number(match[1]);
    if (n < 1 || n > 32) return `${match[0]}: a group holds 1 to 32 characters`;
    if (match.index > at) parts.push(pattern.slice(at, match.index));
    parts.push({ length: n, alphabet: patternAlphabets[match[2] as keyof typeof patternAlphabets] });
    length += n;
    at = match.index + match[0].length;
  }
  if (at < pattern.length) parts.push(pattern.slice(at));
  const text = parts.filter((p): p is string => typeof p === 'string');
  if (text.some((t) => t.includes('[') || t.includes(']'))) {
    return 'Write each group as [nL] (letters), [nN] (digits) or [nLN] (both), for example SUMMER-[6LN]';
  }
  if (parts.every((p) => typeof p === 'string')) return 'The pattern needs at least one group, for example [6LN]';
  length += text.reduce((sum, t) => sum + t.length, 0);
  if (length > codeMaxLength) return `The codes would be ${length} characters long; a code is at most ${codeMaxLength}`;
  const problem = text.map((t) => codeProblem(t)).find((p) => p !== null);
  if (problem) return `The pattern's text ${problem}`;
  const capacity = parts.reduce((c, p) => (typeof p === 'string' ? c : c * p.alphabet.length ** p.length), 1);
  return { parts, capacity };
};

/** POST /api/discounts/:id/codes/generate. */
export const generateCodesBodySchema = z
  .object({
    pattern: z
      .string({ error: 'Enter a pattern, for example SUMMER-[6LN]' })
      .trim()
      .max(300, 'The pattern is too long'),
    count: z
      .number({ error: 'Enter how many codes to make' })
      .int('Enter a whole number of codes')
      .min(1, 'Make at least one code')
      .max(maxGeneratedCodes, `At most ${maxGeneratedCodes.toLocaleString('en')} codes at once`),
    stores: storeIdsSchema,
    influencerName: z
      .string()
      .trim()
      .max(255, 'An influencer name is at most 255 characters')
      .nullish()
      .transform((name) => (name ? name : null)),
  })
  .strict()
  .transform((body, ctx) => {
    const pattern = parseCodePattern(body.pattern);
    if (typeof pattern === 'string') {
      ctx.addIssue({ code: 'custom', path: ['pattern'], message: pattern });
      return z.NEVER;
    }
    if (body.count > pattern.capacity) {
      ctx.addIssue({
        code: 'custom',
        path: ['count'],
        message: `${body.pattern} can make only ${pattern.capacity.toLocaleString('en')} codes; use a longer pattern or fewer codes`,
      });
      return z.NEVER;
    }
    return { ...body, parsed: pattern };
  });
export type GenerateCodesBody = z.input<typeof generateCodesBodySchema>;
export type GenerateCodesInput = z.output<typeof generateCodesBodySchema>;

export const generatedCodesAnswerSchema = z.object({
  codes: z.array(z.object({ id: z.uuid(), code: z.string() })),
  codesAdded: z.number().int(),
  availableStores: z.array(codeStoreRefSchema),
  savedLocally: z.boolean(),
});
export type GeneratedCodesAnswer = z.infer<typeof generatedCodesAnswerSchema>;

// ---- CSV text ---------------------------------------------------------------------------------------------

/** Text a spreadsheet would run as a formula when it opens the file (OWASP's CSV injection list). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. Text that a spreadsheet would
 * run as a formula gets a leading apostrophe, since codes and names are typed by people; the import takes that
 * apostrophe off again ({@link unneutralised}), so an exported file imports as it was.
 */
export const csvField = (value: string | number | null): string => {
  const raw = value === null ? '' : String(value);
  const text = typeof value === 'string' && formulaStart.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A cell as it was before {@link csvField} kept a spreadsheet from running it. */
export const unneutralised = (cell: string): string =>
  cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;
export const csvLine = (values: readonly (string | number | null)[]) => `${values.map(csvField).join(',')}\r\n`;

/** The rejected rows as a CSV file a person opens in a spreadsheet. */
export const rejectedRowsCsv = (rows: readonly RejectedRow[]) =>
  csvLine(['row', 'code', 'reason']) + rows.map((r) => csvLine([r.row, r.code, r.reason])).join('');
