import type { z } from 'zod';
import { brandRegisteredSchema } from './brands';
import { brandCatalogEventSchema, catalogImportEventSchema, storeCatalogEventSchema } from './catalog';
import { codeSyncEventSchema } from './code-sync';
import type { EventSchema } from './define-event';
import { codesImportEventSchema, discountCodeEventSchema } from './discount-codes';
import { discountDriftEventSchema } from './drift';
import { codeReservationEventSchema, codeReservationMovedSchema, discountEventSchema } from './discounts';
import { locationEventSchema } from './locations';
import {
  permissionChangedSchema,
  permissionGrantedSchema,
  permissionRevokedSchema,
  signInRefusedSchema,
  userSignedInSchema,
} from './users';

/** Every event type the system writes. Projections and replay parse stored events through this. */
const schemas = [
  brandRegisteredSchema,
  permissionGrantedSchema,
  permissionChangedSchema,
  permissionRevokedSchema,
  userSignedInSchema,
  signInRefusedSchema,
  ...locationEventSchema.options,
  ...catalogImportEventSchema.options,
  ...storeCatalogEventSchema.options,
  ...brandCatalogEventSchema.options,
  ...discountEventSchema.options,
  ...codeReservationEventSchema.options,
  codeReservationMovedSchema,
  ...codeSyncEventSchema.options,
  ...discountCodeEventSchema.options,
  ...codesImportEventSchema.options,
  ...discountDriftEventSchema.options,
] as const;

export type DomainEvent = z.infer<(typeof schemas)[number]>;
export type DomainEventType = DomainEvent['type'];

export const eventSchemas: ReadonlyMap<string, EventSchema> = new Map(
  schemas.map((schema) => [schema.eventType, schema as unknown as EventSchema]),
);

/**
 * Upcasters turn stored data of an older schema version into the next one, at read time; stored events
 * are never rewritten. Key: `${type}@${fromVersion}`.
 */
export type Upcaster = (data: unknown) => unknown;
export const upcasters: ReadonlyMap<string, Upcaster> = new Map();

export const currentSchemaVersion = (type: string): number => eventSchemas.get(type)?.schemaVersion ?? 1;

/** Parses a stored event (already upcast) into the domain union; throws on an unknown type or bad data. */
export const parseDomainEvent = (event: { type: string; data: unknown }): DomainEvent => {
  const schema = eventSchemas.get(event.type);
  if (!schema) throw new Error(`Unknown event type ${event.type}`);
  return schema.parse({ type: event.type, data: event.data }) as DomainEvent;
};
