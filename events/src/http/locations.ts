import { z } from 'zod';
import { countryCodeSchema, locationNameSchema, regionCodeSchema, urlSlugSchema } from '../locations';

export {
  countryCodeSchema,
  locationNameSchema,
  notConnectedAdvice,
  regionCodeSchema,
  shopDomainOf,
  tokenVariableOf,
  urlSlugSchema,
} from '../locations';

/** A missing field and a field of the wrong type get different, actionable messages. */
const text = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) });
const idOf = (label: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a whole number.`),
    })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be a positive number.`);

export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'The id in the address must be a positive whole number.')
    .transform(Number),
});

// ---- Regions ----------------------------------------------------------------------------------------

export const regionBodySchema = z
  .object({ code: text('A region code').pipe(regionCodeSchema), name: text('A name').pipe(locationNameSchema) })
  .strict();
export type RegionBody = z.infer<typeof regionBodySchema>;

export const regionSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Region = z.infer<typeof regionSchema>;
export const regionListItemSchema = regionSchema.extend({ countryCount: z.number().int() });
export type RegionListItem = z.infer<typeof regionListItemSchema>;
export const regionListSchema = z.array(regionListItemSchema);

// ---- Countries --------------------------------------------------------------------------------------

export const countryBodySchema = z
  .object({
    code: text('A country code').pipe(countryCodeSchema),
    name: text('A name').pipe(locationNameSchema),
    regionId: idOf('The region id'),
  })
  .strict();
export type CountryBody = z.infer<typeof countryBodySchema>;

export const countrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  regionId: z.number().int(),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListItemSchema = countrySchema.extend({
  regionName: z.string(),
  regionCode: z.string(),
  storeCount: z.number().int(),
});
export type CountryListItem = z.infer<typeof countryListItemSchema>;
export const countryListSchema = z.array(countryListItemSchema);

// ---- Stores -----------------------------------------------------------------------------------------

export const createStoreBodySchema = z
  .object({
    urlSlug: text('A URL slug').pipe(urlSlugSchema),
    brandId: idOf('The brand id'),
    countryId: idOf('The country id'),
  })
  .strict();
export type CreateStoreBody = z.infer<typeof createStoreBodySchema>;

/** One change per call: switch the store on or off (spec §7), or move it to another country. */
export const updateStoreBodySchema = z
  .object({
    isActive: z.boolean({ error: 'isActive must be true or false.' }).optional(),
    countryId: idOf('The country id').optional(),
  })
  .strict()
  .refine(
    (body) => (body.isActive === undefined) !== (body.countryId === undefined),
    'Send either isActive (to switch the store on or off) or countryId (to move it to another country).',
  );
export type UpdateStoreBody = z.infer<typeof updateStoreBodySchema>;

export const storeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  urlSlug: z.string(),
  shopifyDomain: z.string(),
  brandId: z.number().int(),
  countryId: z.number().int(),
  isActive: z.boolean(),
});
export type Store = z.infer<typeof storeSchema>;
/** POST /api/stores answers the store plus where its API token goes (spec §7: "the answer may carry a message"). */
export const createdStoreSchema = storeSchema.extend({ message: z.string() });
export const storeListItemSchema = storeSchema.extend({
  /** Whether our Shopify adapter holds the store's access token: without it nothing can be deployed or synced. */
  connected: z.boolean(),
  countryCode: z.string(),
  countryName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
});
export type StoreListItem = z.infer<typeof storeListItemSchema>;
export const storeListSchema = z.array(storeListItemSchema);

export const storeListQuerySchema = z.object({
  brandId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'brandId must be a positive whole number.')
    .transform(Number)
    .optional(),
});
