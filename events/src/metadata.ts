import { z } from 'zod';

/** Audit metadata carried by every event (ARCHITECTURE §3). Business time lives in `data`. */
export const eventMetadataSchema = z.object({
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  brandId: z.number().int().nullable().optional(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  commandId: z.string(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** The actor for seed and CLI commands. */
export const systemActor = { id: 'system', email: null } as const;
