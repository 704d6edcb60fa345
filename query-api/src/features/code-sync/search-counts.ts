import type pg from 'pg';

/** What ILIKE under COLLATE "C" folds: ASCII letters only (as the code-sync reactor folds its grams). */
const foldCase = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

export interface GramCounts {
  /** Stores whose grams answer this search: the count of each of its discounts that has a match. */
  readonly stores: ReadonlySet<number>;
  readonly byDiscount: ReadonlyMap<string, { readonly count: number; readonly first: string }>;
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
export const inPairs = (n: number) =>
  `(c.store_id, c.discount_id) IN (SELECT * FROM unnest($${n}::int[], $${n + 1}::text[]))`;

/**
 * Exact match counts per discount from rm.synced_code_grams (decision 0950), for the stores where they answer:
 * the store has grams, and the search is at most 3 characters or every 3-gram of it is in the store's frequent set.
 * Elsewhere the search holds a rare 3-gram and is counted on the codes (few matches, the trigram index finds them).
 */
const gramCounts = async (db: pg.Pool, storeIds: readonly number[], search: string): Promise<GramCounts> => {
  const chars = [...foldCase(search)];
  const trigrams = chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join(''));
  const { rows: sets } = await db.query<{ store_id: number }>(
    `SELECT store_id FROM rm.synced_code_gram_sets WHERE store_id = ANY($1::int[]) AND $2::text[] <@ frequent`,
    [storeIds, chars.length <= 3 ? [] : trigrams],
  );
  const stores = new Set(sets.map((s) => s.store_id));
  if (stores.size === 0) return { stores, byDiscount: new Map() };
  const { rows } = await db.query<{ store_id: number; discount_id: string; code_count: number; first_code: string }>(
    `SELECT store_id, discount_id, code_count, first_code FROM rm.synced_code_grams
     WHERE store_id = ANY($1::int[]) AND gram = $2`,
    [[...stores], chars.join('')],
  );
  return {
    stores,
    byDiscount: new Map(
      rows.map((r) => [discountKey(r.store_id, r.discount_id), { count: r.code_count, first: r.first_code }]),
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
): Promise<{ count: number; start: string | null }> => {
  if (others.length === 0) return { count: 0, start: null };
  const grams = await gramCounts(db, storeIds, search);
  let count = 0;
  let start: string | null = null;
  for (const d of others) {
    const found = grams.byDiscount.get(discountKey(d.store_id, d.discount_id));
    if (!found) continue;
    count += found.count;
    start = earlier(start, found.first);
  }
  const rest = storeIds.filter((id) => !grams.stores.has(id));
  if (rest.length === 0) return { count, start };
  const [candidates, params] = everyDiscount
    ? ['c.store_id = ANY($1::int[])', [rest]]
    : [inPairs(1), pairs(others.filter((d) => !grams.stores.has(d.store_id)))];
  const { rows } = await db.query<{ n: number; first: string | null }>(
    `SELECT count(*)::int AS n, min(c.code) AS first FROM rm.synced_codes c
     WHERE ${candidates} AND c.code ILIKE $${params.length + 1}`,
    [...params, pattern],
  );
  const { n, first } = rows[0]!;
  return { count: count + n, start: first === null ? start : earlier(start, first) };
};
