-- Discounts (spec 001 §3 'Discount (list item)', issue 14), built by the `discounts` projection from the
-- `discount:<id>` streams and the code-reservation ledger (decisions 1030–1033). Store, country and brand
-- names are joined when read, so a renamed store shows its new name in every discount at once.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE rm.discounts (
  id uuid PRIMARY KEY,
  brand_id int NOT NULL,
  name text NOT NULL,
  description text,
  discount_type text NOT NULL,
  -- A multi's first rule: what the list shows as its amount or percentage, and what the list's
  -- percentage/fixed_amount type filter matches (decision 1031). Null for a GWP.
  first_rule_kind text,
  first_rule_amount text,
  seed_code text NOT NULL,
  starts_at timestamptz,
  ends_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  created_by_name text NOT NULL,
  created_by_email text,
  -- Distinct codes (case-folded) the ledger holds for this discount in any store, seed code included.
  code_count int NOT NULL DEFAULT 0,
  -- The configuration as created (productScope, rules, gwp, combinesWith): only the detail reads it.
  config jsonb NOT NULL,
  search_text text GENERATED ALWAYS AS (name || E'\n' || coalesce(description, '')) STORED
);
-- The list's order is (created_at DESC, id DESC), for one brand or for several: each index walks it in
-- order and carries what the type filter needs, so a page and the total are index scans (decision 1032).
CREATE INDEX discounts_brand_newest_idx
  ON rm.discounts (brand_id, created_at DESC, id DESC) INCLUDE (discount_type, first_rule_kind, code_count);
CREATE INDEX discounts_newest_idx
  ON rm.discounts (created_at DESC, id DESC) INCLUDE (brand_id, discount_type, first_rule_kind);
CREATE INDEX discounts_search_idx ON rm.discounts USING gin (search_text gin_trgm_ops);

-- One row per discount and target store: where its deployment stands.
CREATE TABLE rm.discount_deployments (
  discount_id uuid NOT NULL,
  store_id int NOT NULL,
  status text NOT NULL,
  reason text,
  retryable boolean NOT NULL DEFAULT false,
  attempts int NOT NULL DEFAULT 0,
  code text NOT NULL,
  shopify_discount_id text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (discount_id, store_id)
);

-- The code-reservation ledger as it stands: at most one unreleased reservation per store and folded code.
CREATE TABLE rm.code_reservations (
  store_id int NOT NULL,
  code_folded text NOT NULL,
  code text NOT NULL,
  discount_id uuid NOT NULL,
  brand_id int NOT NULL,
  reserved_at timestamptz NOT NULL,
  PRIMARY KEY (store_id, code_folded)
);
CREATE INDEX code_reservations_discount_idx ON rm.code_reservations (discount_id, code_folded);

-- Instants as the HTTP answers carry them everywhere else: UTC, milliseconds, 'Z'.
CREATE FUNCTION rm.iso_utc(t timestamptz) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
