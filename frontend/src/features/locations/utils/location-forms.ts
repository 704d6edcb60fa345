import { countryCodeSchema, locationNameSchema, regionCodeSchema, urlSlugSchema } from '@dm/events/http';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '@/components/ui/use-toast';

/** Marks an empty required field: these are reported together as one notice, not per field (spec §5). */
export const MISSING = 'missing';
const required = z.string().trim().min(1, MISSING);
const selectedId = required.transform(Number);

// The server rules, shared through @dm/events/http, so the dialog says what the server would.
export const regionFormSchema = z.object({
  code: required.pipe(regionCodeSchema),
  name: required.pipe(locationNameSchema),
});
export const countryFormSchema = z.object({
  code: required.pipe(countryCodeSchema),
  name: required.pipe(locationNameSchema),
  regionId: selectedId,
});
export const storeFormSchema = z.object({
  urlSlug: required.pipe(urlSlugSchema),
  brandId: selectedId,
  countryId: selectedId,
});

export type RegionFormValues = z.input<typeof regionFormSchema>;
export type CountryFormValues = z.input<typeof countryFormSchema>;
export type StoreFormValues = z.input<typeof storeFormSchema>;

/** `handleSubmit`'s invalid branch: empty fields give the spec's notice; other problems show beside the field. */
export const notifyMissing = <T extends FieldValues>(errors: FieldErrors<T>) => {
  if (Object.values(errors).some((error) => error?.message === MISSING)) {
    toast({ title: 'Missing Information', description: 'Please fill in all fields', variant: 'destructive' });
  }
};

/** The message to show under a field, or nothing when the field is merely empty (the notice covers that). */
export const fieldError = (error: { message?: string } | undefined) =>
  error?.message && error.message !== MISSING ? error.message : undefined;
