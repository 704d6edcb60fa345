import { foldCode } from '@dm/events';
import type pg from 'pg';

export interface CodeScope {
  readonly discountId: string;
  readonly storeId: number;
  /** The Shopify discount whose synced codes are compared (a re-created one has none synced yet). */
  readonly shopifyDiscountId: string;
  /** The code the store's deployment was made with (its seed code). */
  readonly deploymentCode: string;
}

export const codePageSize = 1000;

/**
 * Missing: the deployment's own code and the codes our log holds live (or failed to push) in the store that the store's last sync
 * did not find on our Shopify discount, minus those whose absence was accepted — the sync's rules
 * (`code-sync/drift-compare.ts`) for one discount, a page after `after` (folded code order, `foldCode`).
 */
const missingPage = `
  WITH expected AS (
    SELECT $6::text AS code, $7::text AS folded
    UNION
    SELECT c.code, s.code_folded FROM rm.discount_code_stores s JOIN rm.discount_codes c ON c.code_id = s.code_id
    WHERE s.store_id = $1 AND s.discount_id = $2 AND s.state IN ('live', 'failed'))
  SELECT e.code, e.folded FROM expected e
  WHERE e.folded > $4
    AND NOT EXISTS (SELECT 1 FROM rm.synced_codes sc
                    WHERE sc.store_id = $1 AND sc.discount_id = $3 AND sc.code_folded = e.folded)
    AND NOT EXISTS (SELECT 1 FROM rm.discount_drift_accepted_codes a WHERE a.discount_id = $2 AND a.store_id = $1
                    AND a.code_folded = e.folded AND a.kind = 'missing')
  ORDER BY e.folded LIMIT $5`;

/** Unexpected: codes synced on our Shopify discount that our ledger does not hold for it there, minus those accepted. */
const unexpectedPage = `
  SELECT sc.code, sc.code_folded AS folded FROM rm.synced_codes sc
  WHERE sc.store_id = $1 AND sc.discount_id = $3 AND sc.code_folded > $4 AND sc.code_folded <> $7
    AND NOT EXISTS (SELECT 1 FROM rm.code_reservations r
                    WHERE r.store_id = $1 AND r.discount_id = $2 AND r.code_folded = sc.code_folded)
    AND NOT EXISTS (SELECT 1 FROM rm.discount_drift_accepted_codes a WHERE a.discount_id = $2 AND a.store_id = $1
                    AND a.code_folded = sc.code_folded AND a.kind = 'unexpected')
  ORDER BY sc.code_folded LIMIT $5`;

async function* pages(db: pg.Pool, sql: string, scope: CodeScope): AsyncGenerator<string[]> {
  let after = '';
  for (;;) {
    const { rows } = await db.query<{ code: string; folded: string }>(sql, [
      scope.storeId,
      scope.discountId,
      scope.shopifyDiscountId,
      after,
      codePageSize,
      scope.deploymentCode,
      foldCode(scope.deploymentCode),
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
