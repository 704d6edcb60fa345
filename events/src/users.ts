import { z } from 'zod';
import { eventSchema, isoDateTime } from './define-event';
import { permissionLevelSchema } from './levels';

export const authTypeSchema = z.enum(['replit', 'slack']);
export type AuthType = z.infer<typeof authTypeSchema>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A person's access is keyed by their (normalised) email: it is what the identity provider vouches for. */
export const userAccessStream = (email: string) => `user-access:${normalizeEmail(email)}`;
/** Refused sign-ins of people without a permission row; kept apart so a refusal never creates an access stream. */
export const accessRefusalsStream = (email: string) => `access-refusals:${normalizeEmail(email)}`;

export const emailSchema = z.email().max(254);

export const permissionGrantedSchema = eventSchema(
  'PermissionGranted',
  z.object({
    userId: z.string().min(1),
    email: emailSchema,
    permissionLevel: permissionLevelSchema,
    brandIds: z.array(z.number().int().positive()).min(1),
    grantedAt: isoDateTime,
  }),
);

export const permissionChangedSchema = eventSchema(
  'PermissionChanged',
  z.object({
    userId: z.string().min(1),
    email: emailSchema,
    permissionLevel: permissionLevelSchema,
    brandIds: z.array(z.number().int().positive()).min(1),
    changedAt: isoDateTime,
  }),
);

export const permissionRevokedSchema = eventSchema(
  'PermissionRevoked',
  z.object({ userId: z.string().min(1), email: emailSchema, revokedAt: isoDateTime }),
);

export const userSignedInSchema = eventSchema(
  'UserSignedIn',
  z.object({
    userId: z.string().min(1),
    email: emailSchema,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    authType: authTypeSchema,
    signedInAt: isoDateTime,
  }),
);

export const signInRefusedSchema = eventSchema(
  'SignInRefused',
  z.object({ email: emailSchema, reason: z.string(), refusedAt: isoDateTime }),
);

export const userAccessEventSchema = z.discriminatedUnion('type', [
  permissionGrantedSchema,
  permissionChangedSchema,
  permissionRevokedSchema,
  userSignedInSchema,
]);
export type UserAccessEvent = z.infer<typeof userAccessEventSchema>;
export type PermissionGranted = z.infer<typeof permissionGrantedSchema>;
export type PermissionChanged = z.infer<typeof permissionChangedSchema>;
export type PermissionRevoked = z.infer<typeof permissionRevokedSchema>;
export type UserSignedIn = z.infer<typeof userSignedInSchema>;
export type SignInRefused = z.infer<typeof signInRefusedSchema>;
