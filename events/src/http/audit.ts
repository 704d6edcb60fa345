import { z } from 'zod';

/** What the Audit screen filters on (issue 16); `entity` is a kind, or one entity as `kind:id`. */
export const auditEntityKinds = ['discount', 'code', 'store', 'user', 'region', 'country', 'catalog', 'brand'] as const;
export const auditEntityKindSchema = z.enum(auditEntityKinds);
export type AuditEntityKind = z.infer<typeof auditEntityKindSchema>;

const entitySchema = z
  .string()
  .trim()
  .regex(
    new RegExp(`^(${auditEntityKinds.join('|')})(:[^\\s]{1,200})?$`),
    `entity is a kind (${auditEntityKinds.join(', ')}), or one entity as kind:id (discount:<id>, store:3).`,
  );
/** Positions are whole numbers; the last one of a page is the `after` of the next. */
const positionSchema = z.coerce
  .number()
  .int('after is a position: a whole number.')
  .min(0)
  .max(Number.MAX_SAFE_INTEGER);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * An instant as PostgreSQL reads it: any ISO 8601 offset is turned into UTC here (PostgreSQL refuses offsets past
 * ±15:59, which broke an export mid-stream; schemathesis found it), and years outside 1900–9999 are refused.
 */
const instantSchema = (name: 'from' | 'to') =>
  z.iso
    .datetime({ offset: true, message: `${name} is a date and time (ISO 8601).` })
    .refine((value) => {
      const at = Date.parse(value);
      return at >= Date.UTC(1900, 0, 1) && at < Date.UTC(10_000, 0, 1);
    }, `${name} is a time between the years 1900 and 9999.`)
    .transform((value) => new Date(value).toISOString());

export const auditFilterSchema = z
  .object({
    /** Narrows within the caller's brands (a foreign brand is 403, as everywhere). */
    brandId: optional(z.coerce.number().int().positive().max(2_147_483_647)),
    person: optional(z.string().trim().min(1).max(320)),
    entity: optional(entitySchema),
    type: optional(z.string().regex(/^[A-Z][A-Za-z]{1,80}$/, 'type is an event type such as DiscountCreated.')),
    from: optional(instantSchema('from')),
    to: optional(instantSchema('to')),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to), {
    message: 'from must not be after to.',
    path: ['from'],
  });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({
    after: optional(positionSchema),
    limit: optional(z.coerce.number().int().min(1).max(200)).default(50),
  }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditExportQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({ format: z.enum(['csv', 'jsonl'], 'format is csv or jsonl.') }),
);

export const auditActorSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  /** From the users read model; null for the system, reactors and people no longer listed. */
  name: z.string().nullable(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEventSchema = z.object({
  position: z.number().int(),
  at: z.string(),
  type: z.string(),
  streamId: z.string(),
  entityKind: z.string(),
  actor: auditActorSchema,
  brandIds: z.array(z.number().int()),
  /** The event's data; arrays longer than 20 items are cut to 20 followed by '… N more'. */
  data: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Newest first; `next` is the `after` for the following page, null on the last. */
export const auditPageSchema = z.object({ items: z.array(auditEventSchema), next: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditEventTypesSchema = z.array(z.string());

// ---- History of one entity ----------------------------------------------------------------------------------

export const historyQuerySchema = z.object({
  entity: z
    .string()
    .trim()
    .regex(
      /^(discount|code|store|user|region|country):[^\s]{1,200}$/,
      'entity is kind:id, as discount:<id> or store:3.',
    ),
  after: optional(positionSchema),
  limit: optional(z.coerce.number().int().min(1).max(200)).default(50),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const fieldChangeSchema = z.object({ field: z.string(), old: z.unknown(), new: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const historyEntrySchema = auditEventSchema.extend({
  /** What the event changed against what the earlier events of the same entity (and store) had said. */
  changes: z.array(fieldChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Oldest first (a story is read from its start); `next` is the `after` for the following page. */
export const historyPageSchema = z.object({ items: z.array(historyEntrySchema), next: z.number().int().nullable() });
export type HistoryPage = z.infer<typeof historyPageSchema>;
