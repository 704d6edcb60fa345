import type { BrandScope } from '@dm/events';
import { discountListQuerySchema } from '@dm/events/http';
import { discountListStatement, discountStatsStatement } from '@dm/query-api/discount-queries';
import type pg from 'pg';
import { allOf, below, figure, percentile, ratioAtMost, type Figure } from './index';

/** A call the screens make, and the statement query-api runs for it. */
export interface DiscountRead {
  readonly name: string;
  readonly path: string;
  readonly statement: pg.QueryConfig;
}

/** The list as the screen asks for it (page 1, 50 a page, unless the query says otherwise) and its statement. */
export const listRead = (name: string, query: Record<string, string>, brandIds: BrandScope): DiscountRead => {
  const parsed = discountListQuerySchema.parse(query);
  const statement = discountListStatement({ ...parsed, brandIds });
  if (!statement) throw new Error(`${name}: the caller sees no brand`);
  const search = new URLSearchParams(query).toString();
  return { name, path: `/api/discounts${search ? `?${search}` : ''}`, statement };
};

export const statsRead = (brandIds: BrandScope): DiscountRead => ({
  name: 'dashboard: GET /api/discounts/stats',
  path: '/api/discounts/stats',
  statement: discountStatsStatement(brandIds),
});

/**
 * Each read over real HTTP (to the last byte of the answer) and its statement alone through pg, sample for
 * sample in alternation, so both see the same moment of a machine shared with other work. Target: p95 under
 * 100 ms and at most twice its SQL's p95.
 */
export const measureDiscountReads = async (
  pool: pg.Pool,
  base: string,
  cookie: string,
  reads: readonly DiscountRead[],
  samples: number,
): Promise<Figure[]> => {
  const figures: Figure[] = [];
  for (const read of reads) {
    let total = -1;
    const http = async () => {
      const res = await fetch(`${base}${read.path}`, { headers: { cookie } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${read.path}: ${res.status} ${body}`);
      return body;
    };
    const sql = () => pool.query(read.statement);
    for (let i = 0; i < 20; i++) {
      await http(); // warm-up: plans and pages in memory, connections open
      await sql();
    }
    const [httpMs, sqlMs]: [number[], number[]] = [[], []];
    for (let i = 0; i < samples; i++) {
      let started = performance.now();
      const body = await http();
      httpMs.push(performance.now() - started);
      started = performance.now();
      await sql();
      sqlMs.push(performance.now() - started);
      if (i === 0) total = (JSON.parse(body) as { total?: number; totalDiscounts?: number }).total ?? -1;
    }
    httpMs.sort((a, b) => a - b);
    sqlMs.sort((a, b) => a - b);
    const label = `${read.name} (${read.path}${total >= 0 ? `, total ${total}` : ''})`;
    for (const p of [50, 95]) {
      figures.push(
        figure({
          name: `${label} p${p} of ${samples} (baseline: its SQL alone through pg, same samples)`,
          value: percentile(httpMs, p),
          unit: 'ms',
          baseline: percentile(sqlMs, p),
          target: p === 95 ? allOf(below(100, 'ms'), ratioAtMost(2, 'its SQL')) : null,
        }),
      );
    }
  }
  return figures;
};
