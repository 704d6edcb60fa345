import { grantPermissionBodySchema, permissionLevelSchema } from '@dm/events/http';
import { z } from 'zod';

/** Spec §5 texts. The form keeps empty values; what it sends is the POST body schema from `@dm/events/http`. */
export const missingInformation = 'Please provide email and role';
export const selectBrand = 'Please select at least one brand';

export const addUserFormSchema = z.object({
  email: z.string().trim().min(1, missingInformation).pipe(z.email('Enter a valid email address.')),
  permissionLevel: z.union([permissionLevelSchema, z.literal('')]).refine((v) => v !== '', missingInformation),
  brandIds: z.array(z.number().int().positive()).min(1, selectBrand),
});
export type AddUserFormValues = z.input<typeof addUserFormSchema>;

export const toGrantBody = (values: AddUserFormValues) =>
  grantPermissionBodySchema.parse({ email: values.email.trim(), permissionLevel: values.permissionLevel, brandIds: values.brandIds });
