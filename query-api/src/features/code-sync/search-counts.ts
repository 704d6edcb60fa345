import type { SyncedCode } from '@dm/events/http';
import type { CodeReads, CodeRow } from './page';

/** What ILIKE under COLLATE "C" folds: ASCII letters only (as the code-sync reactor folds its grams). */
const foldCase = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Codes of the chosen stores' discounts that pass `where` (SQL over `d`; $1 the stores, $2 a search pattern). */
export const ofDiscounts = (where: string) =>
  `c.store_id = ANY($1::int[]) AND (c.store_id, c.discount_id) IN (
     SELECT d.store_id, d.discount_id FROM rm.synced_code_discounts d WHERE d.store_id = ANY($1::int[]) AND ${where})`;

/** A 3-gram held by at most this many codes has a short posting list in the trigram index: cheap to read. */
const shortList = 20_000;

/**
 * The 3-grams the trigram index is asked for (decision 0980): the rarest, and every other one with a short posting
 * list, at most four. Any 3-gram of the search is a correct filter (every match holds it); the index intersects
 * their posting lists before a row is read, so '12345' reads the ~20 codes holding '123', '234' and '345', not
 * the ~4,000 holding '123'. The whole search would also read the lists of common 3-grams (a million entries for
 * 'enc' in 'ENCH-119'). `indexed`: the rarest one's codes, a bound on the rows the lookup reads.
 */
const lookupGrams = (grams: readonly string[], codes: readonly number[]) =>
  grams.length === 0
    ? null
    : { grams: grams.filter((_, i) => i === 0 || codes[i]! <= shortList).slice(0, 4), indexed: codes[0]! };

/** What the grams say about a search (decision 0950), read in the statement that sums the page's totals. */
export interface GramCounts {
  /** The stores where the grams answer: the store has grams, and the search is short or all its 3-grams frequent. */
  readonly stores: ReadonlySet<number>;
  /** Codes holding the search in those stores, of the discounts the code branch counts, and the first of them. */
  readonly count: number;
  readonly first: string | null;
  readonly lookup: ReturnType<typeof lookupGrams>;
  /** The stores with a gram page for the search, their lowest bound (null: none bounded), and the codes listed up to it. */
  readonly pages: {
    readonly stores: readonly number[];
    readonly bound: string | null;
    readonly codes: readonly string[];
    /** Stores where some code holds the search (it has a gram row: every short gram of its codes has one). */
    readonly held: readonly number[];
  };
}

export interface GramCountsRow {
  tracked: number[];
  gram_codes: number;
  gram_first: string | null;
  trigrams: string[] | null;
  trigram_codes: number[] | null;
  paged_stores: number[];
  held_stores: number[];
  paged_bound: string | null;
  paged_codes: string[];
}

/**
 * Exact match count and first match from rm.synced_code_grams (decision 0950), as CTEs and columns of a statement
 * over `s` (the stores' ids): summed over the discounts that pass `where` (SQL over `d`), in the stores where the
 * grams answer: the store has grams, and the search is at most 3 characters or every 3-gram of it is in the
 * store's frequent set. Elsewhere the search holds a rare 3-gram and is counted on the codes (few matches, the
 * trigram index finds them). Also how many codes hold each 3-gram of letters and digits of the search, fewest
 * first. Parameters from $`n` on: `params`.
 */
export const gramCountsSql = (where: string, search: string, n: number) => {
  const chars = [...foldCase(search)];
  const trigrams = chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join(''));
  return {
    ctes: `tracked AS (SELECT store_id FROM rm.synced_code_gram_sets
                       WHERE store_id IN (SELECT id FROM s) AND $${n + 1}::text[] <@ frequent),
     grams AS (SELECT coalesce(sum(g.code_count), 0)::int AS n, min(g.first_code) AS first FROM rm.synced_code_grams g
               JOIN rm.synced_code_discounts d ON d.store_id = g.store_id AND d.discount_id = g.discount_id AND ${where}
               WHERE g.store_id IN (SELECT store_id FROM tracked) AND g.gram = $${n}),
     trigrams AS (SELECT array_agg(gram ORDER BY codes, gram) AS grams, array_agg(codes ORDER BY codes, gram) AS codes
                  FROM (SELECT t.gram, coalesce(sum(r.code_count), 0)::int AS codes FROM unnest($${n + 2}::text[]) AS t(gram)
                        LEFT JOIN rm.synced_code_grams r ON r.store_id IN (SELECT id FROM s) AND r.gram = t.gram
                        GROUP BY t.gram) c),
     paged AS (SELECT p.store_id, p.codes, p.complete_to FROM rm.synced_code_gram_pages p
               WHERE p.store_id IN (SELECT id FROM s) AND p.gram = $${n}),
     paged_bound AS (SELECT min(complete_to) AS bound FROM paged)`,
    columns: `array(SELECT store_id FROM tracked) AS tracked, (SELECT n FROM grams) AS gram_codes,
     (SELECT first FROM grams) AS gram_first, (SELECT grams FROM trigrams) AS trigrams,
     (SELECT codes FROM trigrams) AS trigram_codes, array(SELECT store_id FROM paged) AS paged_stores,
     array(SELECT DISTINCT g.store_id FROM rm.synced_code_grams g
           WHERE g.store_id IN (SELECT id FROM s) AND g.gram = $${n}) AS held_stores,
     (SELECT bound FROM paged_bound) AS paged_bound,
     array(SELECT c FROM paged, unnest(paged.codes) AS c, paged_bound b
           WHERE b.bound IS NULL OR c <= b.bound ORDER BY c) AS paged_codes`,
    params: [chars.join(''), chars.length <= 3 ? [] : trigrams, trigrams.filter((t) => /^[a-z0-9]{3}$/.test(t))],
  };
};

export const gramCountsOf = (row: GramCountsRow): GramCounts => ({
  stores: new Set(row.tracked),
  count: row.gram_codes,
  first: row.gram_first,
  lookup: lookupGrams(row.trigrams ?? [], row.trigram_codes ?? []),
  pages: { stores: row.paged_stores, bound: row.paged_bound, codes: row.paged_codes, held: row.held_stores },
});

/**
 * The rows of a search of 1 to 3 characters over every code of the stores, from the gram pages (decision 0990),
 * when they hold the page asked for: the stores with a page for the gram list every code holding it up to the
 * lowest bound among them, the other stores' matches (few: under half the frequent threshold) are found through
 * the trigram index up to that bound. Together they are every match up to the bound, a prefix of the matches in
 * order; it covers rows `offset` to `end` when it holds `end` listed codes, or when no page is bounded. Two scopes
 * (each read on its own, so each prunes to its stores' partitions), or null when the pages do not answer (or a
 * store in scope has no grams).
 */
export const pagedScopes = (
  storeIds: readonly number[],
  grams: GramCounts,
  found: { match: (n: number) => string; params: unknown[] },
  end: number,
): { scope: string; params: unknown[] }[] | null => {
  const { pages } = grams;
  if (pages.stores.length === 0 || storeIds.some((id) => !grams.stores.has(id))) return null;
  if (pages.bound !== null && pages.codes.length < end) return null;
  const listed = {
    scope: 'c.store_id = ANY($1::int[]) AND c.code = ANY($2::text[])',
    params: [pages.stores, pages.codes],
  };
  const others = storeIds.filter((id) => !pages.stores.includes(id) && pages.held.includes(id));
  if (others.length === 0) return [listed];
  return [
    listed,
    {
      scope: `c.store_id = ANY($1::int[]) AND ${found.match(3)} AND ($2::text IS NULL OR c.code <= $2)`,
      params: [others, pages.bound, ...found.params],
    },
  ];
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
  reads: CodeReads,
  storeIds: readonly number[],
  where: string | null,
  pattern: string,
  search: string,
  firstRows: number,
  grams: GramCounts,
  rowColumns: string,
): Promise<{
  count: number;
  start: string | null;
  match: (n: number) => string;
  params: unknown[];
  /** How many index entries finding the matches through the trigram index reads, when known. */
  indexed?: number;
  first?: CodeRow[];
  /** `first` as the page's rows (`rowColumns` over `c`, `d`, `s`), joined in the same statement. */
  joined?: SyncedCode[];
}> => {
  const { count, first: start } = grams;
  // Matched through the rare 3-grams' index entries, then checked whole (lower() folds as ILIKE does under "C").
  const { lookup } = grams;
  const { match, params: matchParams } = lookup
    ? {
        match: (n: number) =>
          [
            ...lookup.grams.map((_, i) => `c.code ILIKE $${n + i}`),
            `strpos(lower(c.code), $${n + lookup.grams.length}) > 0`,
          ].join(' AND '),
        params: [...lookup.grams.map((g) => `%${g}%`), foldCase(search)],
      }
    : { match: (n: number) => `c.code ILIKE $${n}`, params: [pattern] };
  const indexed = lookup ? { indexed: lookup.indexed } : {};
  const rest = storeIds.filter((id) => !grams.stores.has(id));
  if (rest.length === 0) return { count, start, match, params: matchParams, ...indexed };
  const [candidates, params] = where ? [ofDiscounts(where), [rest, pattern]] : ['c.store_id = ANY($1::int[])', [rest]];
  // The count reads every match (few: those holding the rare 3-grams); the first rows come with it, sorted from the same read,
  // so a page among them costs no second trigram scan.
  // When the grams counted none, these rows are the branch's first ones: joined here to their discount and store,
  // a page among them needs no further statement.
  const { rows } = await reads.found.query<SyncedCode & { n: number }>(
    `SELECT ${rowColumns}, c.n FROM (
       SELECT c.store_id, c.code_id, c.code, c.discount_id, c.usage_count, count(*) OVER ()::int AS n
       FROM rm.synced_codes c WHERE ${candidates} AND ${match(params.length + 1)}
       ORDER BY c.code, c.code_id LIMIT ${firstRows}) c
     JOIN rm.synced_code_discounts d ON d.store_id = c.store_id AND d.discount_id = c.discount_id
     JOIN rm.stores s ON s.id = c.store_id
     ORDER BY c.code, c.code_id`,
    [...params, ...matchParams],
  );
  const n = rows[0]?.n ?? 0;
  const first = rows[0]?.code ?? null;
  const joined = rows.map(({ n: _, ...row }) => row);
  return {
    count: count + n,
    start: first === null ? start : earlier(start, first),
    match,
    params: matchParams,
    ...indexed,
    // Only when the codes hold every match of the branch: the grams counted none.
    ...(count === 0
      ? {
          first: joined.map((r) => ({
            store_id: r.storeId,
            code_id: r.id,
            code: r.code,
            discount_id: r.shopifyDiscountId,
            usage_count: r.usageCount,
          })),
          joined,
        }
      : {}),
  };
};
