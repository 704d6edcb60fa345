import { z } from 'zod';
import { eventSchema, isoDateTime } from './define-event';

/** All brands live in one registry stream: it hands out integer ids and keeps names unique. */
export const brandRegistryStream = () => 'brands';

export const brandIdSchema = z.number().int().positive();
export const brandNameSchema = z.string().trim().min(1).max(100);

export const brandRegisteredSchema = eventSchema(
  'BrandRegistered',
  z.object({ brandId: brandIdSchema, name: brandNameSchema, registeredAt: isoDateTime }),
);
export type BrandRegistered = z.infer<typeof brandRegisteredSchema>;

export const brandEventSchema = z.discriminatedUnion('type', [brandRegisteredSchema]);
export type BrandEvent = z.infer<typeof brandEventSchema>;
