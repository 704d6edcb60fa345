import type pg from 'pg';
import type { CodeFact } from './commands';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A code by its id, from the codes read model: the id in `DELETE /api/codes/:codeId` names no stream, and which
 * discount holds a code is what that model indexes (as the catalog lookups of decision 1001).
 */
export const findCode = async (db: pg.Pool, codeId: string): Promise<CodeFact | null> => {
  if (!uuidPattern.test(codeId)) return null;
  const { rows } = await db.query<CodeFact>(
    `SELECT code_id AS "codeId", discount_id AS "discountId", code, deleted_at IS NOT NULL AS deleted
     FROM rm.discount_codes WHERE code_id = $1`,
    [codeId],
  );
  return rows[0] ?? null;
};
