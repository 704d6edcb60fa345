import { z } from 'zod';
import { authTypeSchema } from '../users';
import { permissionLevelSchema } from '../levels';

const brandId = z.number({ error: 'Brand ids are whole numbers.' }).int().positive();
const selectBrand = 'Please select at least one brand';

/**
 * POST /api/permissions. The old client sends one `brandId`; `brandIds` carries every brand chosen in the UI.
 * A request with neither is refused: there is no silent default brand.
 */
export const grantPermissionBodySchema = z
  .object({
    email: z.email({ error: 'Enter a valid email address.' }).max(254),
    permissionLevel: permissionLevelSchema,
    brandId: brandId.optional(),
    brandIds: z.array(brandId).max(100).optional(),
  })
  .strict()
  .refine((body) => body.brandId !== undefined || (body.brandIds?.length ?? 0) > 0, {
    message: selectBrand,
    path: ['brandIds'],
  });
export type GrantPermissionBody = z.infer<typeof grantPermissionBodySchema>;

/**
 * PUT /api/permissions/{userId}. The old client sends only `permissionLevel` (brands stay as they are);
 * `brandIds` (or the old single `brandId`) replaces the brands the caller has with the ones chosen.
 */
export const changePermissionBodySchema = z
  .object({
    permissionLevel: permissionLevelSchema,
    brandId: brandId.optional(),
    brandIds: z.array(brandId).min(1, { error: selectBrand }).max(100).optional(),
  })
  .strict();
export type ChangePermissionBody = z.infer<typeof changePermissionBodySchema>;

/** The key of PUT and DELETE: the stable id a person gets when first granted (`slackUserId`). */
export const userIdParamsSchema = z.object({ userId: z.string().min(1).max(200) });

export const grantedPermissionSchema = z.object({
  slackUserId: z.string(),
  email: z.string(),
  permissionLevel: permissionLevelSchema,
  brandIds: z.array(z.number().int()),
});
export type GrantedPermission = z.infer<typeof grantedPermissionSchema>;

/** One row of GET /api/permissions: one person and one brand (spec 000 §3). */
export const userPermissionRowSchema = z.object({
  id: z.string(),
  slackUserId: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  profileImage: z.string().nullable(),
  permissionLevel: permissionLevelSchema,
  authType: authTypeSchema,
  brandId: z.number().int(),
  brandName: z.string().nullable(),
  /** On PROTECTED_USER_EMAILS: nobody may edit or delete them (the server's list, not the client's). */
  isProtected: z.boolean(),
});
export type UserPermissionRow = z.infer<typeof userPermissionRowSchema>;
export const userPermissionListSchema = z.array(userPermissionRowSchema);
