import type pg from 'pg';
import type { ProjectedEvent } from '../../define-projection';

/**
 * A run of created discounts in two statements: their rows, and one pending deployment per target store.
 * `code_count` counts the reservations already projected, since the ledger's events of the same append may
 * come before the discount's in the log (decision 1033).
 */
export const insertDiscounts = async (events: readonly ProjectedEvent<'DiscountCreated'>[], tx: pg.PoolClient) => {
  const rows = events.map(({ data: d }) => {
    const first = d.rules[0];
    return {
      id: d.discountId,
      brand_id: d.brandId,
      name: d.name,
      description: d.description,
      discount_type: d.discountType,
      first_rule_kind: d.discountType === 'multi' && first ? first.kind : null,
      first_rule_amount: d.discountType === 'multi' && first ? first.amount : null,
      seed_code: d.seedCode,
      starts_at: d.startsAt,
      ends_at: d.endsAt,
      created_at: d.createdAt,
      created_by: d.createdBy.userId,
      created_by_name: d.createdBy.name,
      created_by_email: d.createdBy.email,
      config: { productScope: d.productScope, rules: d.rules, gwp: d.gwp, combinesWith: d.combinesWith },
      store_ids: d.storeIds,
    };
  });
  const json = JSON.stringify(rows);
  await tx.query(
    `INSERT INTO rm.discounts (id, brand_id, name, description, discount_type, first_rule_kind, first_rule_amount,
                               seed_code, starts_at, ends_at, created_at, created_by, created_by_name,
                               created_by_email, config, code_count)
     SELECT r.id, r.brand_id, r.name, r.description, r.discount_type, r.first_rule_kind, r.first_rule_amount,
            r.seed_code, r.starts_at, r.ends_at, r.created_at, r.created_by, r.created_by_name, r.created_by_email,
            r.config,
            (SELECT count(DISTINCT c.code_folded)::int FROM rm.code_reservations c WHERE c.discount_id = r.id)
     FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, brand_id int, name text, description text,
       discount_type text, first_rule_kind text, first_rule_amount text, seed_code text, starts_at timestamptz,
       ends_at timestamptz, created_at timestamptz, created_by text, created_by_name text, created_by_email text,
       config jsonb)
     ON CONFLICT (id) DO NOTHING`,
    [json],
  );
  await tx.query(
    `INSERT INTO rm.discount_deployments (discount_id, store_id, status, attempts, code, updated_at)
     SELECT r.id, s.store_id::int, 'pending', 0, r.seed_code, r.created_at
     FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, seed_code text, created_at timestamptz, store_ids jsonb),
          jsonb_array_elements_text(r.store_ids) AS s(store_id)
     ON CONFLICT (discount_id, store_id) DO NOTHING`,
    [json],
  );
};
