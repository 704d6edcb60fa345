/**
 * A JSON document rendered by PostgreSQL, sent as the text (or bytes) it already is: Fastify serialises only
 * objects, so a 20,000-item list is never parsed and re-encoded in Node. It is typed as the value it encodes, so
 * the route's response schema applies: it documents the shape, and the tests parse every list against it.
 */
export const prerendered = <T>(json: string | Buffer): T => json as unknown as T;
