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
    UserSignedIn: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.user_permissions
         SET display_name = $2, username = $3, profile_image = $4, auth_type = $5
         WHERE user_id = $1`,
        [data.userId, displayName(data.firstName, data.lastName), data.email.split('@')[0], data.profileImageUrl, data.authType],
      );
    },
  },
});
