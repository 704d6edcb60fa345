import { z } from 'zod';
import { permissionLevelSchema } from '../levels';
import { authTypeSchema, emailSchema } from '../users';

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  permissionLevel: permissionLevelSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * POST /internal/sign-ins (gateway → command-api, with the service token): the profile the identity provider
 * vouched for. The command API decides and records the sign-in, or records the refusal.
 */
export const signInBodySchema = z
  .object({
    email: emailSchema,
    firstName: z.string().max(200).nullable(),
    lastName: z.string().max(200).nullable(),
    profileImageUrl: z.string().max(2048).nullable(),
    authType: authTypeSchema,
  })
  .strict();
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signInAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('signed-in'), userId: z.string().min(1) }),
  z.object({ outcome: z.literal('no-access') }),
]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;
