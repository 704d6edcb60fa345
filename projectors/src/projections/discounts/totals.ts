/**
 * The statement that adds a CTE's rows (brand_id, discount_type, first_rule_kind, …) to rm.discount_totals:
 * `discounts` and `codes` are aggregates over that CTE, per brand and type.
 */
export const addToTotals = (cte: string, discounts: string, codes: string) => `
  INSERT INTO rm.discount_totals AS t (brand_id, discount_type, first_rule_kind, discounts, codes)
  SELECT brand_id, discount_type, first_rule_kind, ${discounts}, ${codes} FROM ${cte}
  GROUP BY brand_id, discount_type, first_rule_kind
  ON CONFLICT (brand_id, discount_type, first_rule_kind)
  DO UPDATE SET discounts = t.discounts + excluded.discounts, codes = t.codes + excluded.codes`;
