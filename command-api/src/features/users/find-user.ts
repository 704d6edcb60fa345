import { inBrandScope, NotFoundError, rankOf, type PermissionLevel } from '@dm/events';
import type pg from 'pg';
import type { Actor } from '../../shared/command';

/** Who PUT and DELETE address: the stable id and the email whose stream holds their access. */
export interface UserRef {
  readonly userId: string;
  readonly email: string;
}

/**
 * PUT and DELETE address a person by `slackUserId`, but their stream is keyed by email: the read model maps
 * one to the other. A person none of whose brands the caller has is as good as unknown to them (404, not 403,
 * so ids cannot be probed across brands).
 */
export interface FoundUser extends UserRef {
  readonly level: PermissionLevel;
  readonly brandIds: readonly number[];
}

export const findUser = async (db: pg.Pool, userId: string, actor: Actor): Promise<FoundUser> => {
  const { rows } = await db.query<{ email: string; brand_ids: number[]; level: PermissionLevel }>(
    `SELECT email, array_agg(brand_id ORDER BY brand_id) AS brand_ids, (array_agg(permission_level))[1] AS level
     FROM rm.user_permissions WHERE user_id = $1 GROUP BY email`,
    [userId],
  );
  const row = rows[0];
  const visible =
    row && (actor.level === 'super_admin' || row.brand_ids.some((id) => inBrandScope(actor.brandIds, id)));
  if (!row || !visible) throw new NotFoundError(`No user with id ${userId} was found. Reload the list and try again.`);
  return { userId, email: row.email, level: row.level, brandIds: row.brand_ids };
};

/** A lower level or a lost brand: the person's open sessions must not keep what they had. */
export const isReduction = (
  before: FoundUser,
  after: { permissionLevel: PermissionLevel; brandIds: readonly number[] },
) => rankOf(after.permissionLevel) < rankOf(before.level) || before.brandIds.some((id) => !after.brandIds.includes(id));
