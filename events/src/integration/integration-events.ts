import { z } from 'zod';
import { codeSyncCompletedSchema } from '../code-sync';
import { discountCodeDeletedSchema, discountCodesAddedSchema } from '../discount-codes';
import { discountCreatedSchema, discountDeployedSchema, discountEndedSchema } from '../discounts';

/**
 * The events other systems of the company may subscribe to (Kafka's integration topic), each under a versioned
 * public schema. The committed JSON Schemas (`events/integration-schemas/<type>.v<n>.json`) are the contract: a
 * change to a domain schema below that alters one fails `integration-schemas.unit.spec.ts` until it is either
 * undone or published as a new version.
 */
const envelope = <T extends string, D extends z.ZodType>(type: T, version: number, data: D) =>
  z.object({
    type: z.literal(type),
    /** The public schema's version (not the stored event's). */
    version: z.literal(version),
    eventId: z.uuid(),
    /** The stream the event belongs to (`discount:<id>`, `code-sync:<storeId>`…): the message key. */
    streamId: z.string(),
    streamVersion: z.string().regex(/^\d+$/),
    /** Position in our log: increases along the log, so a subscriber can drop what it has seen. */
    globalPosition: z.string().regex(/^\d+$/),
    occurredAt: z.iso.datetime({ offset: true }),
    data,
  });

export const integrationEventSchemas = [
  envelope('DiscountCreated', 1, discountCreatedSchema.shape.data),
  envelope('DiscountDeployed', 1, discountDeployedSchema.shape.data),
  envelope('DiscountEnded', 1, discountEndedSchema.shape.data),
  envelope('DiscountCodesAdded', 1, discountCodesAddedSchema.shape.data),
  envelope('DiscountCodeDeleted', 1, discountCodeDeletedSchema.shape.data),
  envelope('CodeSyncCompleted', 1, codeSyncCompletedSchema.shape.data),
] as const;

export type IntegrationEvent = z.infer<(typeof integrationEventSchemas)[number]>;

const byType = new Map(integrationEventSchemas.map((s) => [s.shape.type.value as string, s]));

export const isIntegrationEventType = (type: string): boolean => byType.has(type);

/** The public form of a stored event of a public type (its data already upcast to the current schema). */
export const toIntegrationEvent = (event: {
  readonly type: string;
  readonly eventId: string;
  readonly streamId: string;
  readonly streamVersion: bigint;
  readonly globalPosition: bigint;
  readonly createdAt: Date;
  readonly data: unknown;
}): IntegrationEvent => {
  const schema = byType.get(event.type);
  if (!schema) throw new Error(`${event.type} is not an integration event`);
  return schema.parse({
    type: event.type,
    version: schema.shape.version.value,
    eventId: event.eventId,
    streamId: event.streamId,
    streamVersion: event.streamVersion.toString(),
    globalPosition: event.globalPosition.toString(),
    occurredAt: event.createdAt.toISOString(),
    data: event.data,
  });
};

/** File name → JSON Schema of every public event version, as committed under `events/integration-schemas/`. */
export const integrationJsonSchemas = (): Map<string, unknown> =>
  new Map(
    integrationEventSchemas.map((s) => [
      `${s.shape.type.value}.v${s.shape.version.value}.json`,
      z.toJSONSchema(s, { target: 'draft-2020-12', io: 'output' }),
    ]),
  );
