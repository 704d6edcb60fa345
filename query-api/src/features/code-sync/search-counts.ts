import type pg from 'pg';

/** What ILIKE under COLLATE "C" folds: ASCII letters only (as the code-sync reactor folds its grams). */
const foldCase = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

export interface GramCounts {
  /** Stores whose grams answer this search: the count of each of its discounts that has a match. */
  readonly stores: ReadonlySet<number>;
  readonly byDiscount: ReadonlyMap<string, { readonly count: number; readonly first: string }>;
  /** The search's rarest 3-gram of letters and digits in these stores, or null. */
  readonly rare: string | null;
}

const discountKey = (storeId: number, discountId: string) => `${storeId}|${discountId}`;

export interface DiscountRef {
  store_id: number;
  discount_id: string;
  code_count: number;
  hit: boolean;
}
export const sum = (list: readonly DiscountRef[]) => list.reduce((n, d) => n + d.code_count, 0);
/** `(store, discount)` pairs as two array parameters, matched with `inPairs(n)` ($n and $n+1). */
export const pairs = (list: readonly DiscountRef[]) => [list.map((d) => d.store_id), list.map((d) => d.discount_id)];
/** The store list first, so the planner prunes the other stores' partitions. */
export const inPairs = (n: number) =>
  `c.store_id = ANY($${n}::int[]) AND (c.store_id, c.discount_id) IN (SELECT * FROM unnest($${n}::int[], $${n + 1}::text[]))`;

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
 * Exact match counts per discount from rm.synced_code_grams (decision 0950), for the stores where they answer:
 * the store has grams, and the search is at most 3 characters or every 3-gram of it is in the store's frequent set.
 * Elsewhere the search holds a rare 3-gram and is counted on the codes (few matches, the trigram index finds them).
 */
const gramCounts = async (db: pg.Pool, storeIds: readonly number[], search: string): Promise<GramCounts> => {
  const chars = [...foldCase(search)];
  const trigrams = chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join(''));
  const [sets, rows, rare] = await Promise.all([
    db.query<{ store_id: number }>(
      `SELECT store_id FROM rm.synced_code_gram_sets WHERE store_id = ANY($1::int[]) AND $2::text[] <@ frequent`,
      [storeIds, chars.length <= 3 ? [] : trigrams],
    ),
    // Rows of untracked stores may come too (a long gram not counted there): they are ignored below.
    db.query<{ store_id: number; discount_id: string; code_count: number; first_code: string }>(
      `SELECT store_id, discount_id, code_count, first_code FROM rm.synced_code_grams
       WHERE store_id = ANY($1::int[]) AND gram = $2`,
      [storeIds, chars.join('')],
    ),
    rarestTrigram(db, storeIds, trigrams),
  ]);
  const stores = new Set(sets.rows.map((s) => s.store_id));
  return {
    stores,
    rare,
    byDiscount: new Map(
      rows.rows
        .filter((r) => stores.has(r.store_id))
        .map((r) => [discountKey(r.store_id, r.discount_id), { count: r.code_count, first: r.first_code }]),
    ),
  };
};

/** Byte order, as COLLATE "C" compares. */
const earlier = (a: string | null, b: string) =>
  a === null || Buffer.compare(Buffer.from(b), Buffer.from(a)) < 0 ? b : a;

/**
 * Codes of `others` (the discounts whose title does not match) that match the search, exactly: from the grams
 * where they answer, on the codes elsewhere (the search holds a 3-gram rare in that store: few matches, found
 * through the trigram index). `everyDiscount`: `others` is every discount of the stores (no filter, no title hit).
 * `start`: the first match's code (from the grams' first codes, or found with the count), so no match sorts before.
 */
export const countByCode = async (
  db: pg.Pool,
  storeIds: readonly number[],
  others: readonly DiscountRef[],
  everyDiscount: boolean,
  search: string,
  pattern: string,
): Promise<{ count: number; start: string | null; match: (n: number) => string; params: unknown[] }> => {
  const plain = { match: (n: number) => `c.code ILIKE $${n}`, params: [pattern] };
  if (others.length === 0) return { count: 0, start: null, ...plain };
  const grams = await gramCounts(db, storeIds, search);
  let count = 0;
  let start: string | null = null;
  for (const d of others) {
    const found = grams.byDiscount.get(discountKey(d.store_id, d.discount_id));
    if (!found) continue;
    count += found.count;
    start = earlier(start, found.first);
  }
  // Matched through the rare 3-gram's index entries, then checked whole (lower() folds as ILIKE does under "C").
  const { match, params: matchParams } = grams.rare
    ? {
        match: (n: number) => `c.code ILIKE $${n} AND strpos(lower(c.code), $${n + 1}) > 0`,
        params: [`%${grams.rare}%`, foldCase(search)],
      }
    : plain;
  const rest = storeIds.filter((id) => !grams.stores.has(id));
  if (rest.length === 0) return { count, start, match, params: matchParams };
  const [candidates, params] = everyDiscount
    ? ['c.store_id = ANY($1::int[])', [rest]]
    : [inPairs(1), pairs(others.filter((d) => !grams.stores.has(d.store_id)))];
  const { rows } = await db.query<{ n: number; first: string | null }>(
    `SELECT count(*)::int AS n, min(c.code) AS first FROM rm.synced_codes c
     WHERE ${candidates} AND ${match(params.length + 1)}`,
    [...params, ...matchParams],
  );
  const { n, first } = rows[0]!;
  return { count: count + n, start: first === null ? start : earlier(start, first), match, params: matchParams };
};
