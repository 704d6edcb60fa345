import { z } from 'zod';

/** An event schema: a `type` literal plus its data. `schemaVersion` is the version new events are written with. */
export const eventSchema = <T extends string, D extends z.ZodType>(type: T, data: D, schemaVersion = 1) =>
  Object.assign(z.object({ type: z.literal(type), data }), { eventType: type, schemaVersion });

export type EventSchema = ReturnType<typeof eventSchema<string, z.ZodType>>;

export const isoDateTime = z.iso.datetime({ offset: true });
