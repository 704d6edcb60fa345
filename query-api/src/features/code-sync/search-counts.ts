import type pg from 'pg';
import { inTransaction, type CodeRow } from './page';

/** What ILIKE under COLLATE "C" folds: ASCII letters only (as the code-sync reactor folds its grams). */
const foldCase = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Codes of the chosen stores' discounts that pass `where` (SQL over `d`; $1 the stores, $2 a search pattern). */
export const ofDiscounts = (where: string) =>
  `c.store_id = ANY($1::int[]) AND (c.store_id, c.discount_id) IN (
     SELECT d.store_id, d.discount_id FROM rm.synced_code_discounts d WHERE d.store_id = ANY($1::int[]) AND ${where})`;

/**
 * The search's 3-gram of letters and digits held by the fewest codes of these stores (by their grams): the trigram
 * index then reads only its short posting list, where the whole search would also read those of common 3-grams (a
 * million entries for 'enc' in 'ENCH-119'). Any 3-gram of the search is a correct filter (every match holds it);
 * the counts only choose the cheapest. Null when the search has none.
 */
const rarestTrigram = async (db: pg.Pool, storeIds: readonly number[], trigrams: readonly string[]) => {
  const candidates = trigrams.filter((t) => /^[a-z0-9]{3}$/.test(t));
  if (candidates.length === 0) return null;
  const { rows } = await db.query<{ gram: string }>(
    `SELECT t.gram FROM unnest($2::text[]) AS t(gram)
     LEFT JOIN rm.synced_code_grams g ON g.store_id = ANY($1::int[]) AND g.gram = t.gram
     GROUP BY t.gram ORDER BY coalesce(sum(g.code_count), 0) LIMIT 1`,
    [storeIds, candidates],
  );
  return rows[0]?.gram ?? null;
};

/**
 * Exact match count and first match from rm.synced_code_grams (decision 0950), summed in SQL over the discounts
 * that pass `where` (null: every discount), in the stores where the grams answer: the store has grams, and the
 * search is at most 3 characters or every 3-gram of it is in the store's frequent set. Elsewhere the search holds
 * a rare 3-gram and is counted on the codes (few matches, the trigram index finds them).
 */
const gramCounts = async (
  db: pg.Pool,
  storeIds: readonly number[],
  where: string | null,
  pattern: string,
  search: string,
) => {
  const chars = [...foldCase(search)];
  const trigrams = chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join(''));
  const tracked = `SELECT store_id FROM rm.synced_code_gram_sets WHERE store_id = ANY($1::int[]) AND $4::text[] <@ frequent`;
  const discounts = where
    ? `JOIN rm.synced_code_discounts d ON d.store_id = g.store_id AND d.discount_id = g.discount_id AND ${where}`
    : '';
  const [counted, rare] = await Promise.all([
    db.query<{ stores: number[]; n: number; first: string | null }>(
      `SELECT array(${tracked}) AS stores, coalesce(sum(g.code_count), 0)::int AS n, min(g.first_code) AS first
       FROM rm.synced_code_grams g ${discounts}
       WHERE g.store_id = ANY($1::int[]) AND g.gram = $3 AND g.store_id IN (${tracked}) AND $2::text IS NOT NULL`,
      [storeIds, pattern, chars.join(''), chars.length <= 3 ? [] : trigrams],
    ),
    rarestTrigram(db, storeIds, trigrams),
  ]);
  const { stores, n, first } = counted.rows[0]!;
  return { stores: new Set(stores), count: n, first, rare };
};

/** Byte order, as COLLATE "C" compares. */
const earlier = (a: string | null, b: string) =>
  a === null || Buffer.compare(Buffer.from(b), Buffer.from(a)) < 0 ? b : a;

/**
 * Codes of the discounts that pass `where` (null: every discount of the stores) that match the search, exactly:
 * from the grams where they answer, on the codes elsewhere (the search holds a 3-gram rare in that store: few
 * matches, found through the trigram index). `start`: the first match's code (from the grams' first codes, or
 * found with the count), so no match sorts before. `first`: when the codes were counted whole, their first
 * `firstRows` matches in order.
 */
export const countByCode = async (
  db: pg.Pool,
  storeIds: readonly number[],
  where: string | null,
  pattern: string,
  search: string,
  firstRows: number,
): Promise<{
  count: number;
  start: string | null;
  match: (n: number) => string;
  params: unknown[];
  first?: CodeRow[];
}> => {
  const grams = await gramCounts(db, storeIds, where, pattern, search);
  const { count, first: start } = grams;
  // Matched through the rare 3-gram's index entries, then checked whole (lower() folds as ILIKE does under "C").
  const { match, params: matchParams } = grams.rare
    ? {
        match: (n: number) => `c.code ILIKE $${n} AND strpos(lower(c.code), $${n + 1}) > 0`,
        params: [`%${grams.rare}%`, foldCase(search)],
      }
    : { match: (n: number) => `c.code ILIKE $${n}`, params: [pattern] };
  const rest = storeIds.filter((id) => !grams.stores.has(id));
  if (rest.length === 0) return { count, start, match, params: matchParams };
  const [candidates, params] = where ? [ofDiscounts(where), [rest, pattern]] : ['c.store_id = ANY($1::int[])', [rest]];
  // The count reads every match (few: the rare 3-gram's); the first rows come with it, sorted from the same read,
  // so a page among them costs no second trigram scan.
  const { rows } = await inTransaction(db, ['SET LOCAL enable_indexscan = off'], (c) =>
    c.query<CodeRow & { n: number }>(
      `SELECT c.store_id, c.code_id, c.code, c.discount_id, c.usage_count, count(*) OVER ()::int AS n
       FROM rm.synced_codes c WHERE ${candidates} AND ${match(params.length + 1)}
       ORDER BY c.code, c.code_id LIMIT ${firstRows}`,
      [...params, ...matchParams],
    ),
  );
  const n = rows[0]?.n ?? 0;
  const first = rows[0]?.code ?? null;
  return {
    count: count + n,
    start: first === null ? start : earlier(start, first),
    match,
    params: matchParams,
    // Only when the codes hold every match of the branch: the grams counted none.
    ...(count === 0 ? { first: rows.map(({ n: _, ...row }) => row) } : {}),
  };
};
