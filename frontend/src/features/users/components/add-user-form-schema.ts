import { changePermissionBodySchema, grantPermissionBodySchema } from '@dm/events/http';
import { z } from 'zod';
import type { FieldRule } from '@/lib/field-failure';

/** Spec §5's text, shown at the brand checkboxes. */
export const selectBrand = 'Please select at least one brand';

// The POST body's own rules (@dm/events/http), so each field says what the server would; an empty email
// says what to put there.
const { email, permissionLevel } = grantPermissionBodySchema.shape;
export const addUserFormSchema = z.object({
  email: z.string().trim().min(1, 'Enter an email address.').pipe(email),
  permissionLevel,
  brandIds: z.array(z.number().int().positive()).min(1, selectBrand),
});
export type AddUserFormValues = z.input<typeof addUserFormSchema>;

export const editPermissionFormSchema = z.object({
  permissionLevel: changePermissionBodySchema.shape.permissionLevel,
  brandIds: z.array(z.number().int().positive()).min(1, selectBrand),
});
export type EditPermissionFormValues = z.input<typeof editPermissionFormSchema>;

// Refusals the server words without naming the field (command-api users decider), mapped to it.
export const editPermissionFieldRules: FieldRule<'permissionLevel' | 'brandIds'>[] = [
  { field: 'permissionLevel', match: /cannot grant the .+ level/ },
  { field: 'brandIds', match: /brand/i },
];
export const addUserFieldRules: FieldRule<'email' | 'permissionLevel' | 'brandIds'>[] = [
  { field: 'email', match: /already has access/ },
  ...editPermissionFieldRules,
];
