import { z } from 'zod';
import { eventSchema, isoDateTime } from './define-event';

/**
 * Regions, countries and stores live in one stream: deleting a region that still has countries, or a
 * country that still has stores, and slug uniqueness are checked against one consistent state.
 */
export const locationsStream = () => 'locations';

export const regionCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,10}$/, 'A region code is 2 to 10 letters.')
  .transform((c) => c.toUpperCase());
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'A country code is exactly 2 letters.')
  .transform((c) => c.toUpperCase());
export const locationNameSchema = z
  .string()
  .trim()
  .min(1, 'A name is required.')
  .max(100, 'A name is at most 100 characters.');
export const urlSlugSchema = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/,
    'A URL slug is 3 to 60 lowercase letters, digits and hyphens, and does not start or end with a hyphen.',
  );

const id = z.number().int().positive();

export const regionCreatedSchema = eventSchema(
  'RegionCreated',
  z.object({ regionId: id, code: z.string(), name: z.string(), createdAt: isoDateTime }),
);
export const regionUpdatedSchema = eventSchema(
  'RegionUpdated',
  z.object({ regionId: id, code: z.string(), name: z.string(), updatedAt: isoDateTime }),
);
export const regionDeletedSchema = eventSchema('RegionDeleted', z.object({ regionId: id, deletedAt: isoDateTime }));

export const countryCreatedSchema = eventSchema(
  'CountryCreated',
  z.object({ countryId: id, code: z.string(), name: z.string(), regionId: id, createdAt: isoDateTime }),
);
export const countryUpdatedSchema = eventSchema(
  'CountryUpdated',
  z.object({ countryId: id, code: z.string(), name: z.string(), regionId: id, updatedAt: isoDateTime }),
);
export const countryDeletedSchema = eventSchema('CountryDeleted', z.object({ countryId: id, deletedAt: isoDateTime }));

/** The store's name is derived: `<brand name> <country code>` (the Add Store dialog has no name field). */
export const storeCreatedSchema = eventSchema(
  'StoreCreated',
  z.object({
    storeId: id,
    name: z.string(),
    urlSlug: z.string(),
    shopifyDomain: z.string(),
    brandId: id,
    countryId: id,
    createdAt: isoDateTime,
  }),
);
export const storeActivatedSchema = eventSchema('StoreActivated', z.object({ storeId: id, activatedAt: isoDateTime }));
export const storeDeactivatedSchema = eventSchema(
  'StoreDeactivated',
  z.object({ storeId: id, deactivatedAt: isoDateTime }),
);
/** A store changes country (so its old country can be deleted); its name, slug and domain stay. */
export const storeMovedSchema = eventSchema(
  'StoreMoved',
  z.object({ storeId: id, countryId: id, movedAt: isoDateTime }),
);

export const locationEventSchema = z.discriminatedUnion('type', [
  regionCreatedSchema,
  regionUpdatedSchema,
  regionDeletedSchema,
  countryCreatedSchema,
  countryUpdatedSchema,
  countryDeletedSchema,
  storeCreatedSchema,
  storeActivatedSchema,
  storeDeactivatedSchema,
  storeMovedSchema,
]);
export type LocationEvent = z.infer<typeof locationEventSchema>;

export const shopDomainOf = (slug: string) => `${slug}.myshopify.com`;
/** ARCHITECTURE §4: store `aurora-uk` → `AURORA_UK_SHOPIFY_TOKEN`. */
export const tokenVariableOf = (slug: string) => `${slug.toUpperCase().replaceAll('-', '_')}_SHOPIFY_TOKEN`;

/**
 * What staff do about a store without its access token, in words (issue 25): whom to ask for what. Which
 * environment variable holds the token is for whoever runs the service, and is in its logs.
 */
export const notConnectedAdvice = (storeName: string) =>
  `${storeName} is not connected to Shopify yet: it takes no discounts and no code syncs. Ask the store's Shopify owner for an Admin API access token for Discount Manager, and pass it to whoever runs Discount Manager to install.`;
