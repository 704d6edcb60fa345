import type { BrandScope } from '@dm/events';
import type { AuditEvent, AuditFilter } from '@dm/events/http';
import type pg from 'pg';

/** One event as the audit reads return it, its data uncut (the routes cut it for the screen). */
export interface AuditRow {
  readonly position: number;
  readonly at: string;
  readonly type: string;
  readonly streamId: string;
  readonly entityKind: string;
  readonly actor: AuditEvent['actor'];
  readonly brandIds: number[];
  readonly data: Record<string, unknown>;
}

const columns = `
  a.position::float8 AS position, to_char(a.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
  a.type, a.stream_id AS "streamId", a.entity_kind AS "entityKind", a.brand_ids AS "brandIds", e.data,
  json_build_object('id', a.actor_id, 'email', a.actor_email, 'name',
    (SELECT u.display_name FROM rm.user_permissions u WHERE u.email = a.actor_email LIMIT 1)) AS actor`;
const from = 'FROM rm.audit_log a JOIN es.events e ON e.global_position = a.position';

/**
 * The WHERE of a filtered read, with only the conditions in use: each filter has its own (…, position) index, so
 * a page walks one index newest first and stops at `limit` rows (never OFFSET, never a COUNT).
 */
const whereOf = (scope: BrandScope, filter: AuditFilter, params: unknown[]): string[] => {
  const bind = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (scope !== 'all') where.push(`a.brand_ids && ${bind(scope)}::int[]`);
  if (filter.brandId !== undefined) where.push(`a.brand_ids @> ARRAY[${bind(filter.brandId)}::int]`);
  if (filter.person !== undefined) {
    // Part of a name or an email: the people it matches are found first, so the log is still read by its
    // (actor_email, position) index; an exact id ('system', 'reactor:…') or a former person's email matches too.
    const exact = bind(filter.person);
    const part = bind(`%${filter.person.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(
      `(a.actor_id = ${exact} OR lower(a.actor_email) = ANY(ARRAY(
         SELECT lower(u.email) FROM rm.user_permissions u
          WHERE u.email ILIKE ${part} OR u.display_name ILIKE ${part} OR u.username ILIKE ${part}
         UNION SELECT lower(${exact}))))`,
    );
  }
  if (filter.entity !== undefined)
    where.push(
      filter.entity.includes(':')
        ? `a.subjects @> ARRAY[${bind(filter.entity)}::text]`
        : `a.entity_kind = ${bind(filter.entity)}`,
    );
  if (filter.type !== undefined) where.push(`a.type = ${bind(filter.type)}`);
  if (filter.from !== undefined) where.push(`a.occurred_at >= ${bind(filter.from)}::timestamptz`);
  if (filter.to !== undefined) where.push(`a.occurred_at <= ${bind(filter.to)}::timestamptz`);
  return where;
};

/** One page of the Audit list, newest first, strictly before `before` when given. */
export const auditPage = async (
  db: pg.Pool,
  scope: BrandScope,
  filter: AuditFilter,
  page: { before?: number | undefined; limit: number },
): Promise<AuditRow[]> => {
  const params: unknown[] = [];
  const where = whereOf(scope, filter, params);
  if (page.before !== undefined) where.push(`a.position < $${params.push(page.before)}`);
  // A range that ends (`to`) is found through the time index and sorted: walking the position index from the
  // newest event, as the planner would, reads every later event first when the range is old. Without an end the
  // newest events are in range, and that walk stops at the page (decision 1231).
  const order = filter.to === undefined ? 'a.position' : 'a.position + 0';
  const sql = `SELECT ${columns} ${from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${order} DESC LIMIT $${params.push(page.limit)}`;
  return (await db.query<AuditRow>(sql, params)).rows;
};

/** Every event of one entity, oldest first: History folds them all to say what each one changed. */
export const entityEvents = async (db: pg.Pool, subject: string): Promise<AuditRow[]> =>
  (
    await db.query<AuditRow>(`SELECT ${columns} ${from} WHERE a.subjects @> ARRAY[$1::text] ORDER BY a.position`, [
      subject,
    ])
  ).rows;

/**
 * Every event of one code, oldest first. Its codes stream records pushes per chunk by code text, so the code is
 * found first (its row, or the deletion that named it once the row is gone), then the events of its discount's
 * codes stream that name its id or its text (case-insensitively, as the stores match codes).
 */
export const codeEvents = async (db: pg.Pool, codeId: string): Promise<AuditRow[]> =>
  (
    await db.query<AuditRow>(
      `WITH target AS (
         (SELECT discount_id::text AS discount_id, lower(code) AS code FROM rm.discount_codes WHERE code_id = $1::uuid
          UNION ALL
          SELECT d.data->>'discountId', lower(d.data->>'code')
            FROM rm.audit_log da JOIN es.events d ON d.global_position = da.position
           WHERE da.subjects @> ARRAY['code:' || $1::text])
         LIMIT 1)
       , stream AS (
         SELECT e.global_position, e.type, e.data, t.code
           FROM target t JOIN es.events e ON e.stream_id = 'discount-codes:' || t.discount_id)
       , named AS (
         SELECT e.global_position, e.type, e.data FROM stream e
          WHERE e.data->>'codeId' = $1::text
             OR e.data->'codes' @> jsonb_build_array(jsonb_build_object('codeId', $1::text))
             OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(e.data->'codes', '[]') || coalesce(e.data->'live', '[]')) x
                         WHERE jsonb_typeof(x) = 'string' AND lower(x #>> '{}') = e.code)
             OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(e.data->'refused', '[]')) r WHERE lower(r->>'code') = e.code))
       -- Shopify's job for a chunk names no code: it is the code's when that chunk's Started named it.
       , taken AS (
         SELECT e.global_position FROM stream e
           JOIN named s ON s.type = 'DiscountCodesPushStarted'
            AND s.data->>'chunkKey' = e.data->>'chunkKey' AND s.data->>'storeId' = e.data->>'storeId'
          WHERE e.type = 'DiscountCodesPushAccepted')
       SELECT ${columns} ${from}
        WHERE a.position IN (SELECT global_position FROM named UNION ALL SELECT global_position FROM taken)
        ORDER BY a.position`,
      [codeId],
    )
  ).rows;
