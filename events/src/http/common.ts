import { z } from 'zod';

export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Header names of the read-your-writes protocol (ARCHITECTURE §1). */
export const eventPositionHeader = 'x-event-position';
export const minPositionHeader = 'x-min-position';

/** The body of a 204 answer: none. Declared so every route states what it answers, DELETEs included. */
export const noContentSchema = z.undefined();
