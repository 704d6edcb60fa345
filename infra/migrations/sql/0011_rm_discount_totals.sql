-- How many discounts, and how many distinct codes they hold, per brand and per what the type filter matches:
-- the dashboard's numbers and the total of a list filtered by brand and type only, without counting rows
-- (decision 1033). The `discounts` projection's version 2 rebuilds its tables and fills this one.
CREATE TABLE rm.discount_totals (
  brand_id int NOT NULL,
  discount_type text NOT NULL,
  first_rule_kind text,
  discounts int NOT NULL,
  codes int NOT NULL,
  UNIQUE NULLS NOT DISTINCT (brand_id, discount_type, first_rule_kind)
);
