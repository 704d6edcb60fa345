import { countryCodeSchema, locationNameSchema, regionCodeSchema, urlSlugSchema } from '@dm/events/http';
import { z } from 'zod';
import type { FieldRule } from '@/lib/field-failure';

// The server's rules, shared through @dm/events/http, so a field says what the server would; an empty field
// says what to put in it. Selects hold the chosen id as text ('' = none) and send it as an integer.
const required = (message: string) => z.string().trim().min(1, message);
const chosen = (message: string) => required(message).transform(Number);

export const regionFormSchema = z.object({
  code: required('Enter a region code.').pipe(regionCodeSchema),
  name: required('Enter a name.').pipe(locationNameSchema),
});
export const countryFormSchema = z.object({
  code: required('Enter a country code.').pipe(countryCodeSchema),
  name: required('Enter a name.').pipe(locationNameSchema),
  regionId: chosen('Choose a region.'),
});
export const storeFormSchema = z.object({
  urlSlug: required('Enter a URL slug.').pipe(urlSlugSchema),
  brandId: chosen('Choose a brand.'),
  countryId: chosen('Choose a country.'),
});
export const moveStoreFormSchema = z.object({ countryId: chosen('Choose a country.') });

export type RegionFormValues = z.input<typeof regionFormSchema>;
export type CountryFormValues = z.input<typeof countryFormSchema>;
export type StoreFormValues = z.input<typeof storeFormSchema>;
export type MoveStoreFormValues = z.input<typeof moveStoreFormSchema>;

// Refusals the server words without naming the field (command-api locations decider), mapped to it.
export const regionFieldRules: FieldRule<keyof RegionFormValues>[] = [{ field: 'code', match: /^A region with code / }];
export const countryFieldRules: FieldRule<keyof CountryFormValues>[] = [
  { field: 'code', match: /^A country with code / },
  { field: 'regionId', match: /^Region \d+ was not found/ },
];
export const storeFieldRules: FieldRule<keyof StoreFormValues>[] = [
  { field: 'urlSlug', match: /^A store with URL slug / },
  { field: 'brandId', match: /brand \d+/i },
  { field: 'countryId', match: /^Country \d+ was not found/ },
];
export const moveStoreFieldRules: FieldRule<keyof MoveStoreFormValues>[] = [
  { field: 'countryId', match: /^Country \d+ was not found/ },
];
