import type { AuthType, PermissionLevel } from '@dm/events';
import type { UserPermissionRow } from '@dm/events/http';
import type pg from 'pg';

interface Row {
  user_id: string;
  email: string;
  display_name: string | null;
  username: string | null;
  profile_image: string | null;
  permission_level: PermissionLevel;
  auth_type: AuthType;
  brand_id: number;
  brand_name: string | null;
}

export interface UserListScope {
  /** Every brand (super_admin), or only these. */
  readonly allBrands: boolean;
  readonly brandIds: readonly number[];
  readonly protectedEmails: readonly string[];
}

/** One row per person and brand the caller may see (spec 000 §3), sorted by name or email, then brand. */
export const listUserPermissions = async (db: pg.Pool, scope: UserListScope): Promise<UserPermissionRow[]> => {
  const { rows } = await db.query<Row>(
    `SELECT p.user_id, p.email, p.display_name, p.username, p.profile_image, p.permission_level, p.auth_type,
            p.brand_id, b.name AS brand_name
     FROM rm.user_permissions p LEFT JOIN rm.brands b ON b.id = p.brand_id
     WHERE $1::boolean OR p.brand_id = ANY($2::int[])
     ORDER BY lower(coalesce(p.display_name, p.email)), p.email, b.name, p.brand_id`,
    [scope.allBrands, scope.brandIds],
  );
  const isProtected = new Set(scope.protectedEmails);
  return rows.map((r) => ({
    id: `${r.user_id}:${r.brand_id}`,
    slackUserId: r.user_id,
    email: r.email,
    displayName: r.display_name,
    username: r.username,
    profileImage: r.profile_image,
    permissionLevel: r.permission_level,
    authType: r.auth_type,
    brandId: r.brand_id,
    brandName: r.brand_name,
    isProtected: isProtected.has(r.email.toLowerCase()),
  }));
};
