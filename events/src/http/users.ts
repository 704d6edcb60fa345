import { z } from 'zod';
import { permissionLevelSchema } from '../levels';

const brandId = z.number({ error: 'Brand ids are whole numbers.' }).int().positive();

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
    message: 'Please select at least one brand',
    path: ['brandIds'],
  });
export type GrantPermissionBody = z.infer<typeof grantPermissionBodySchema>;

export const grantedPermissionSchema = z.object({
  slackUserId: z.string(),
  email: z.string(),
  permissionLevel: permissionLevelSchema,
  brandIds: z.array(z.number().int()),
});
