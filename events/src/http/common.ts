import { z } from 'zod';

export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Header names of the read-your-writes protocol (ARCHITECTURE §1). */
export const eventPositionHeader = 'x-event-position';
export const minPositionHeader = 'x-min-position';

/** The body of a 204 answer: none. Declared so every route states what it answers, DELETEs included. */
export const noContentSchema = z.undefined();

/** A streamed body: text, or a stream Fastify pipes as it is (no serializer touches it). */
type StreamedBody = string | { readonly pipe: unknown };

/**
 * A 200 whose body is a file or a stream of lines rather than one JSON value (CSV, newline-delimited JSON),
 * described by its media types so the API description states what comes back.
 */
export const streamedResponse = <const T extends readonly string[]>(description: string, mediaTypes: T) => {
  const schema: z.ZodType<StreamedBody> = z.string();
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) as Record<
      T[number],
      { schema: z.ZodType<StreamedBody> }
    >,
  };
};
