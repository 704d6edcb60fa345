import { defineProjection } from '../../define-projection';

const displayName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/** One row per person and brand (spec 000 §3), with the profile of their latest sign-in. */
export const usersProjection = defineProjection({
  name: 'users',
  version: 1,
  tables: ['rm.user_permissions'],
  handles: {
    PermissionGranted: async ({ data }, tx) => {
      await tx.query(
        `INSERT INTO rm.user_permissions (user_id, email, brand_id, permission_level)
         SELECT $1, $2, unnest($3::int[]), $4
         ON CONFLICT (user_id, brand_id) DO UPDATE SET permission_level = excluded.permission_level`,
        [data.userId, data.email, data.brandIds, data.permissionLevel],
      );
    },
    // Replaces the person's rows by the new brand set; the profile of their last sign-in carries over.
    PermissionChanged: async ({ data }, tx) => {
      await tx.query(
        `WITH profile AS (
           SELECT auth_type, display_name, username, profile_image FROM rm.user_permissions WHERE user_id = $1 LIMIT 1),
         gone AS (DELETE FROM rm.user_permissions WHERE user_id = $1 AND brand_id <> ALL($3::int[]))
         INSERT INTO rm.user_permissions (user_id, email, brand_id, permission_level, auth_type, display_name, username, profile_image)
         SELECT $1, $2, b, $4, coalesce(p.auth_type, 'replit'), p.display_name, p.username, p.profile_image
         FROM unnest($3::int[]) AS b LEFT JOIN profile p ON true
         ON CONFLICT (user_id, brand_id) DO UPDATE SET permission_level = excluded.permission_level`,
        [data.userId, data.email, data.brandIds, data.permissionLevel],
      );
    },
    PermissionRevoked: async ({ data }, tx) => {
      await tx.query('DELETE FROM rm.user_permissions WHERE user_id = $1', [data.userId]);
    },
    UserSignedIn: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.user_permissions
         SET display_name = $2, username = $3, profile_image = $4, auth_type = $5
         WHERE user_id = $1`,
        [
          data.userId,
          displayName(data.firstName, data.lastName),
          data.email.split('@')[0],
          data.profileImageUrl,
          data.authType,
        ],
      );
    },
  },
});
