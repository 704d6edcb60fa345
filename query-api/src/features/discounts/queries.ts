import { inBrandScope, type BrandScope } from '@dm/events';
import type { DiscountListQuery, DiscountStats } from '@dm/events/http';
import type pg from 'pg';

/** Single statements, as `app.pipelined` and a pool both run them. */
interface Queries {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

export type DiscountListFilter = DiscountListQuery & { readonly brandIds: BrandScope };

/** Statement text and values, built from the filters present only, so each shape gets a plan of its own. */
class Conditions {
  readonly values: unknown[] = [];
  readonly where: string[] = [];
  add(sql: (param: string) => string, value: unknown) {
    this.values.push(value);
    this.where.push(sql(`$${this.values.length}`));
  }
  param(value: unknown) {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  get sql() {
    return this.where.length > 0 ? `WHERE ${this.where.join(' AND ')}` : '';
  }
}

/** The caller's brands narrowed to `brandId`; null when nothing is visible. The policy plugin refuses a foreign one. */
const scopeOf = (brandIds: BrandScope, brandId: number | undefined): readonly number[] | 'all' | null => {
  if (brandId !== undefined) return inBrandScope(brandIds, brandId) ? [brandId] : null;
  return brandIds === 'all' || brandIds.length > 0 ? brandIds : null;
};
const scopeCondition = (conditions: Conditions, scope: readonly number[] | 'all') => {
  if (scope === 'all') return;
  if (scope.length === 1) conditions.add((p) => `d.brand_id = ${p}`, scope[0]);
  else conditions.add((p) => `d.brand_id = ANY(${p}::int[])`, scope);
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Discounts exist from 1970 on and until 9999: clamping keeps any date JavaScript reads a date PostgreSQL reads.
const clamp = (ms: number) => new Date(Math.min(Math.max(ms, 0), Date.UTC(9999, 11, 31))).toISOString();
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const dayAfter = (day: string) => Date.parse(`${day}T00:00:00Z`) + 86_400_000;

/**
 * The list's filters (decision 1031): search on name and description, case-insensitively; the type as stored,
 * `percentage`/`fixed_amount` meaning a multi whose first rule is that kind; creation dates, `dateTo` inclusive
 * (a day to its end in UTC, an instant — the end of the day in the browser's time zone — as given).
 */
const listConditions = (filter: DiscountListFilter, scope: readonly number[] | 'all') => {
  const c = new Conditions();
  scopeCondition(c, scope);
  if (filter.type === 'gwp' || filter.type === 'multi') c.add((p) => `d.discount_type = ${p}`, filter.type);
  if (filter.type === 'percentage' || filter.type === 'fixed_amount')
    c.add((p) => `d.first_rule_kind = ${p}`, filter.type === 'percentage' ? 'percentage' : 'fixed');
  // Brand and type alone: rm.discount_totals has the same columns, and the count without reading a row.
  const countedAhead = c.where.length;
  if (filter.search?.trim()) c.add((p) => `d.search_text ILIKE ${p}`, likePattern(filter.search.trim()));
  if (filter.dateFrom) c.add((p) => `d.created_at >= ${p}::timestamptz`, clamp(Date.parse(filter.dateFrom)));
  if (filter.dateTo) {
    if (isDay(filter.dateTo)) c.add((p) => `d.created_at < ${p}::timestamptz`, clamp(dayAfter(filter.dateTo)));
    else c.add((p) => `d.created_at <= ${p}::timestamptz`, clamp(Date.parse(filter.dateTo)));
  }
  const total =
    c.where.length === countedAhead
      ? `SELECT coalesce(sum(d.discounts), 0)::int AS total FROM rm.discount_totals d ${c.sql}`
      : `SELECT count(*)::int AS total FROM rm.discounts d ${c.sql}`;
  return { c, total };
};

/**
 * One discount as the list answers it (spec 001 §3): a multi shows its first rule as `amount` (fixed) or
 * `percentage`; `currencySymbol` is null, as no event records a store's currency (decision 1031). Store,
 * country and brand names are joined here, so they are always the current ones.
 */
const itemSql = `json_build_object(
  'id', d.id, 'name', d.name, 'description', d.description, 'discountType', d.discount_type,
  'brandId', d.brand_id, 'brandName', coalesce(b.name, ''), 'createdAt', rm.iso_utc(d.created_at),
  'createdBy', d.created_by, 'createdByName', d.created_by_name,
  'amount', CASE WHEN d.first_rule_kind = 'fixed' THEN d.first_rule_amount END,
  'percentage', CASE WHEN d.first_rule_kind = 'percentage' THEN d.first_rule_amount::numeric END,
  'currencySymbol', NULL, 'codeCount', d.code_count, 'seedCode', d.seed_code,
  'startsAt', rm.iso_utc(d.starts_at), 'endsAt', rm.iso_utc(d.ends_at),
  'status', CASE WHEN d.ended_at IS NOT NULL THEN 'ended' WHEN d.starts_at > now() THEN 'scheduled'
                 WHEN d.ends_at <= now() THEN 'expired' ELSE 'active' END,
  'deployments', (
    SELECT coalesce(json_agg(json_build_object(
      'storeId', x.store_id, 'storeName', coalesce(s.name, ''), 'countryCode', c.code,
      'urlSlug', coalesce(s.url_slug, ''), 'status', x.status, 'reason', x.reason, 'retryable', x.retryable,
      'attempts', x.attempts, 'code', x.code, 'shopifyDiscountId', x.shopify_discount_id,
      'updatedAt', rm.iso_utc(x.updated_at), 'drift', dr.state) ORDER BY s.name, x.store_id), '[]'::json)
    FROM rm.discount_deployments x
    LEFT JOIN rm.stores s ON s.id = x.store_id LEFT JOIN rm.countries c ON c.id = s.country_id
    LEFT JOIN rm.discount_drift dr ON dr.discount_id = x.discount_id AND dr.store_id = x.store_id
    WHERE x.discount_id = d.id))`;

const emptyList = JSON.stringify({ data: [], total: 0, totalPages: 0 });

/**
 * The page and the total in one statement, rendered as the answer's JSON by PostgreSQL. The page's ids come
 * from an index walked in the list's order (decision 1032); only those rows are read and rendered.
 */
export const discountListStatement = (filter: DiscountListFilter): pg.QueryConfig | null => {
  const scope = scopeOf(filter.brandIds, filter.brandId);
  if (scope === null) return null;
  const { c, total } = listConditions(filter, scope);
  const where = c.sql;
  const limit = c.param(filter.limit);
  const offset = c.param((filter.page - 1) * filter.limit);
  return {
    text: `
      SELECT json_build_object(
        'data', coalesce((
          SELECT json_agg(${itemSql} ORDER BY d.created_at DESC, d.id DESC)
          FROM (SELECT d.id FROM rm.discounts d ${where} ORDER BY d.created_at DESC, d.id DESC
                LIMIT ${limit} OFFSET ${offset}) page
          JOIN rm.discounts d ON d.id = page.id LEFT JOIN rm.brands b ON b.id = d.brand_id), '[]'::json),
        'total', t.total,
        'totalPages', ceil(t.total / ${limit}::numeric)::int)::text AS body
      FROM (${total}) t`,
    values: c.values,
  };
};

/** `GET /api/discounts` as the JSON text of `discountListSchema`. */
export const listDiscountsJson = async (db: Queries, filter: DiscountListFilter): Promise<string> => {
  const statement = discountListStatement(filter);
  if (!statement) return emptyList;
  const { rows } = await db.query<{ body: string }>(statement);
  return rows[0]!.body;
};

/** `GET /api/discounts/:id` as the JSON text of `discountDetailSchema`, or null when missing or another brand's. */
export const findDiscountJson = async (
  db: Queries,
  params: { brandIds: BrandScope; id: string },
): Promise<string | null> => {
  const { rows } = await db.query<{ body: string }>({
    text: `SELECT (${itemSql}::jsonb || d.config || jsonb_build_object(
               'createdByEmail', d.created_by_email, 'endedAt', rm.iso_utc(d.ended_at)))::text AS body
           FROM rm.discounts d LEFT JOIN rm.brands b ON b.id = d.brand_id
           WHERE d.id = $1 AND ($2::int[] IS NULL OR d.brand_id = ANY($2::int[]))`,
    values: [params.id, params.brandIds === 'all' ? null : params.brandIds],
  });
  return rows[0]?.body ?? null;
};

export const discountStatsStatement = (scope: readonly number[] | 'all'): pg.QueryConfig => {
  const c = new Conditions();
  scopeCondition(c, scope);
  return {
    // Not running: ended early, expired or scheduled; read through the partial index of dated discounts (0120).
    text: `SELECT t."totalDiscounts", t."totalCodes", t."totalDiscounts" - n.count AS "activeDiscounts"
           FROM (SELECT coalesce(sum(d.discounts), 0)::int AS "totalDiscounts", coalesce(sum(d.codes), 0)::int AS "totalCodes"
                 FROM rm.discount_totals d ${c.sql}) t,
                (SELECT count(*)::int AS count FROM rm.discounts d ${c.sql ? `${c.sql} AND` : 'WHERE'}
                 (d.ended_at IS NOT NULL OR d.ends_at IS NOT NULL OR d.starts_at IS NOT NULL)
                 AND (d.ended_at IS NOT NULL OR d.ends_at <= now() OR d.starts_at > now())) n`,
    values: c.values,
  };
};

/** The dashboard's numbers: the list's total with no filter, and the distinct codes of those discounts. */
export const discountStats = async (
  db: Queries,
  params: { brandIds: BrandScope; brandId?: number | undefined },
): Promise<DiscountStats> => {
  const scope = scopeOf(params.brandIds, params.brandId);
  if (scope === null) return { totalDiscounts: 0, totalCodes: 0, activeDiscounts: 0 };
  return (await db.query<DiscountStats>(discountStatsStatement(scope))).rows[0]!;
};
