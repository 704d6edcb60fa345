import { z } from 'zod';
import { permissionLevelSchema } from '../levels';

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  permissionLevel: permissionLevelSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
