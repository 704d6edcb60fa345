import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeReadsBeside, type CodeReads } from './page';
import { listSyncedCodes } from './queries';

// Stores whose codes interleave in the index's order, one whose codes cluster at the end (so the first marks of
// a scope belong to the others and rank past a shallow page), one small and one without codes. Brands make the
// scopes: brand 1 holds stores 1 and 2, brand 2 store 3, brand 3 store 4.
const stores = [
  { id: 1, brand: 1, codes: (i: number) => `C${(i * 7919) % 100_003}`.padEnd(8, 'x'), n: 3500 },
  { id: 2, brand: 1, codes: (i: number) => `ZB-${String(i).padStart(5, '0')}`, n: 2200 },
  { id: 3, brand: 2, codes: (i: number) => `C${(i * 104_729) % 99_991}`.padEnd(8, 'y'), n: 700 },
  { id: 4, brand: 3, codes: (i: number) => `N${i}`, n: 0 },
];

let db: TestDatabase;
let reads: CodeReads;

const load = async () => {
  for (const s of stores) {
    await db.pool.query(
      `INSERT INTO rm.stores (id, name, url_slug, shopify_domain, brand_id, country_id)
       VALUES ($1, $2, $2, $2 || '.myshopify.com', $3, 1)`,
      [s.id, `store-${s.id}`, s.brand],
    );
    if (s.n === 0) continue;
    await db.pool.query(`CREATE TABLE rm.synced_codes_${s.id} PARTITION OF rm.synced_codes FOR VALUES IN (${s.id})`);
    const codes = Array.from({ length: s.n }, (_, i) => s.codes(i));
    await db.pool.query(
      `INSERT INTO rm.synced_codes (store_id, code_id, code, discount_id, code_folded)
       SELECT $1, 'gid://shopify/DiscountRedeemCode/' || ($1 * 100000 + i), c, 'd', lower(c)
       FROM unnest($2::text[]) WITH ORDINALITY AS u(c, i)`,
      [s.id, codes],
    );
    await db.pool.query(
      `INSERT INTO rm.synced_code_discounts (store_id, discount_id, title, discount_type, code_count)
       VALUES ($1, 'd', 'Codes', 'DiscountCodeBasic', $2)`,
      [s.id, s.n],
    );
    await db.pool.query('SELECT rm.mark_synced_codes($1, NULL, NULL)', [s.id]);
  }
};

beforeAll(async () => {
  db = await createTestDatabase();
  reads = codeReadsBeside(db.pool, () => undefined);
  await load();
}, 60_000);
afterAll(async () => {
  await reads.end();
  await db.drop();
});

/** The scope's codes in the index's order, as a scan gives them. */
const scanned = async (storeIds: number[]) =>
  (
    await db.pool.query<{ id: string }>(
      'SELECT code_id AS id FROM rm.synced_codes WHERE store_id = ANY($1::int[]) ORDER BY code, code_id',
      [storeIds],
    )
  ).rows.map((r) => r.id);

const everyPageMatchesTheScan = async () => {
  const scopes = [
    { brands: 'all' as const, storeIds: [1, 2, 3, 4] },
    { brands: [1], storeIds: [1, 2] },
    { brands: [1, 2], storeIds: [1, 2, 3] },
    { brands: [2], storeIds: [3] },
    { brands: [1], storeId: 2, storeIds: [2] },
  ];
  const wrong: string[] = [];
  for (const scope of scopes) {
    const ids = await scanned(scope.storeIds);
    for (let page = 1; page <= Math.ceil(ids.length / 50) + 1; page++) {
      const found = await listSyncedCodes(reads, scope.brands, {
        page,
        limit: 50,
        ...(scope.storeId ? { storeId: scope.storeId } : {}),
      });
      const expected = ids.slice((page - 1) * 50, page * 50);
      if (found?.total !== ids.length || found.codes.map((c) => c.id).join() !== expected.join())
        wrong.push(`stores ${scope.storeIds.join(',')} page ${page}`);
    }
  }
  return wrong;
};

describe('When pages of synced codes lie deeper than a store’s first mark', () => {
  it('should hold the rows a scan of the codes gives, on every page of every scope', async () => {
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm.synced_code_marks');
    // Every 250th code of each store: 13, 8 and 2.
    expect(rows[0]!.n).toBe(stores.reduce((n, s) => n + Math.max(0, Math.floor((s.n - 1) / 250)), 0));
    expect(await everyPageMatchesTheScan()).toEqual([]);
  });

  it('should still do so once codes are removed and added and the marks redone from the first change', async () => {
    const first = await db.pool.query<{ code: string; code_id: string }>(
      `WITH gone AS (DELETE FROM rm.synced_codes WHERE store_id = 1 AND code LIKE 'C1%' RETURNING code, code_id)
       SELECT code, code_id FROM gone ORDER BY code, code_id LIMIT 1`,
    );
    await db.pool.query(
      `INSERT INTO rm.synced_codes (store_id, code_id, code, discount_id, code_folded)
       SELECT 1, 'gid://shopify/DiscountRedeemCode/new-' || i, 'C9NEW-' || i, 'd', 'c9new-' || i
       FROM generate_series(1, 400) i`,
    );
    await db.pool.query(
      `UPDATE rm.synced_code_discounts SET code_count = (SELECT count(*) FROM rm.synced_codes WHERE store_id = 1)
       WHERE store_id = 1`,
    );
    const from = first.rows[0]!;
    await db.pool.query('SELECT rm.mark_synced_codes(1, $1, $2)', [from.code, from.code_id]);
    const { rows } = await db.pool.query<{ same: boolean }>(
      `SELECT ARRAY(SELECT rank || code || code_id FROM rm.synced_code_marks WHERE store_id = 1 ORDER BY rank)
            = ARRAY(SELECT n || code || code_id FROM (
                SELECT code, code_id, (row_number() OVER (ORDER BY code, code_id) - 1)::int AS n
                FROM rm.synced_codes WHERE store_id = 1) w
              WHERE n > 0 AND n % 250 = 0 ORDER BY n) AS same`,
    );
    expect(rows[0]!.same).toBe(true);
    expect(await everyPageMatchesTheScan()).toEqual([]);
  });
});
