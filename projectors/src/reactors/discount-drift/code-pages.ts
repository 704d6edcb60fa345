import type pg from 'pg';

export interface CodeScope {
  readonly discountId: string;
  readonly storeId: number;
  /** The Shopify discount whose synced codes are compared (a re-created one has none synced yet). */
  readonly shopifyDiscountId: string;
}

export const codePageSize = 1000;

/**
 * Missing: the codes our log holds live in the store (and the deployment's own code) that the store's last sync
 * did not find on our Shopify discount, minus those whose absence was accepted — the sync's rules
 * (`code-sync/drift-compare.ts`) for one discount, a page after `after` (folded code order).
 */
const missingPage = `
  WITH expected AS (
    SELECT dd.code, lower(dd.code) AS folded FROM rm.discount_deployments dd
    WHERE dd.store_id = $1 AND dd.discount_id = $2
    UNION
    SELECT c.code, s.code_folded FROM rm.discount_code_stores s JOIN rm.discount_codes c ON c.code_id = s.code_id
    WHERE s.store_id = $1 AND s.discount_id = $2 AND s.state = 'live')
  SELECT e.code, e.folded FROM expected e
  WHERE e.folded > $4
    AND NOT EXISTS (SELECT 1 FROM rm.synced_codes sc
                    WHERE sc.store_id = $1 AND sc.discount_id = $3 AND lower(sc.code) = e.folded)
    AND NOT EXISTS (SELECT 1 FROM rm.discount_drift_accepted_codes a WHERE a.discount_id = $2 AND a.store_id = $1
                    AND a.code_folded = e.folded AND a.kind = 'missing')
  ORDER BY e.folded LIMIT $5`;

/** Unexpected: codes synced on our Shopify discount that our ledger and codes never held, minus those accepted. */
const unexpectedPage = `
  SELECT sc.code, lower(sc.code) AS folded FROM rm.synced_codes sc
  WHERE sc.store_id = $1 AND sc.discount_id = $3 AND lower(sc.code) > $4
    AND NOT EXISTS (SELECT 1 FROM rm.code_reservations r
                    WHERE r.store_id = $1 AND r.discount_id = $2 AND r.code_folded = lower(sc.code))
    AND NOT EXISTS (SELECT 1 FROM rm.discount_code_stores s
                    WHERE s.store_id = $1 AND s.discount_id = $2 AND s.code_folded = lower(sc.code))
    AND NOT EXISTS (SELECT 1 FROM rm.discount_deployments dd
                    WHERE dd.store_id = $1 AND dd.discount_id = $2 AND lower(dd.code) = lower(sc.code))
    AND NOT EXISTS (SELECT 1 FROM rm.discount_drift_accepted_codes a WHERE a.discount_id = $2 AND a.store_id = $1
                    AND a.code_folded = lower(sc.code) AND a.kind = 'unexpected')
  ORDER BY lower(sc.code) LIMIT $5`;

async function* pages(db: pg.Pool, sql: string, scope: CodeScope): AsyncGenerator<string[]> {
  let after = '';
  for (;;) {
    const { rows } = await db.query<{ code: string; folded: string }>(sql, [
      scope.storeId,
      scope.discountId,
      scope.shopifyDiscountId,
      after,
      codePageSize,
    ]);
    if (rows.length === 0) return;
    yield rows.map((r) => r.code);
    if (rows.length < codePageSize) return;
    after = rows.at(-1)!.folded;
  }
}

/** Every code a finding counted, a page at a time: a finding names at most `driftCodesListed` of each kind. */
export const missingCodePages = (db: pg.Pool, scope: CodeScope) => pages(db, missingPage, scope);
export const unexpectedCodePages = (db: pg.Pool, scope: CodeScope) => pages(db, unexpectedPage, scope);
