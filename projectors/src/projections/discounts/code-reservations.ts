import { foldCode } from '@dm/events';
import type pg from 'pg';
import type { ProjectedEvent } from '../../define-projection';

type LedgerEvent = ProjectedEvent<'CodeReserved'> | ProjectedEvent<'CodeReleased'>;

/** For each (discount, folded code) pair the run touches: whether the ledger holds it in any store. */
const presenceSql = `
  WITH keys AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS k(store_id int, code_folded text, discount_id uuid)),
  pairs AS (
    SELECT discount_id, code_folded FROM keys
    -- A reservation taken over without a release (the ledger never does this) changes its old owner's count too.
    UNION SELECT r.discount_id, r.code_folded FROM rm.code_reservations r JOIN keys k USING (store_id, code_folded))
  SELECT p.discount_id, p.code_folded,
         EXISTS (SELECT FROM rm.code_reservations r
                 WHERE r.discount_id = p.discount_id AND r.code_folded = p.code_folded) AS present
  FROM pairs p`;

// A discount's count moves by the pairs that appeared minus those that disappeared.
const countSql = `
  WITH before AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS b(discount_id uuid, code_folded text, present boolean)),
  delta AS (
    SELECT b.discount_id,
           sum((EXISTS (SELECT FROM rm.code_reservations r
                        WHERE r.discount_id = b.discount_id AND r.code_folded = b.code_folded))::int
               - b.present::int) AS d
    FROM before b GROUP BY b.discount_id)
  UPDATE rm.discounts x SET code_count = x.code_count + delta.d FROM delta WHERE x.id = delta.discount_id AND delta.d <> 0`;

const reserveSql = `
  INSERT INTO rm.code_reservations (store_id, code_folded, code, discount_id, brand_id, reserved_at)
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(store_id int, code_folded text, code text, discount_id uuid,
    brand_id int, reserved_at timestamptz)
  ON CONFLICT (store_id, code_folded) DO UPDATE SET code = excluded.code, discount_id = excluded.discount_id,
    brand_id = excluded.brand_id, reserved_at = excluded.reserved_at`;

const releaseSql = `
  DELETE FROM rm.code_reservations r
  USING jsonb_to_recordset($1::jsonb) AS u(store_id int, code_folded text, discount_id uuid)
  WHERE r.store_id = u.store_id AND r.code_folded = u.code_folded AND r.discount_id = u.discount_id`;

/**
 * A run of ledger events (the codes issue reserves thousands at once) in three statements whatever its size:
 * which (discount, code) pairs were held before, the change, then each touched discount's count of distinct
 * codes moved by the difference — never recounted, so a discount with 100,000 codes costs what the run costs.
 */
const applyLedgerRun = async (events: readonly LedgerEvent[], tx: pg.PoolClient, change: string) => {
  const latest = new Map(
    events.map(({ data }) => {
      const row = {
        store_id: data.storeId,
        code_folded: foldCode(data.code),
        code: data.code,
        discount_id: data.discountId,
        brand_id: data.brandId,
        reserved_at: 'reservedAt' in data ? data.reservedAt : null,
      };
      return [`${row.store_id}:${row.code_folded}`, row];
    }),
  );
  const keys = JSON.stringify([...latest.values()]);
  const { rows: before } = await tx.query(presenceSql, [keys]);
  await tx.query(change, [keys]);
  await tx.query(countSql, [JSON.stringify(before)]);
};

export const reserveCodes = (events: readonly ProjectedEvent<'CodeReserved'>[], tx: pg.PoolClient) =>
  applyLedgerRun(events, tx, reserveSql);

export const releaseCodes = (events: readonly ProjectedEvent<'CodeReleased'>[], tx: pg.PoolClient) =>
  applyLedgerRun(events, tx, releaseSql);
