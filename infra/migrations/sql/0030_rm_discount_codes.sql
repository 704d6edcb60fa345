-- A discount's codes (spec 001 §3 'Code', issue 12), built by the `discount-codes` projection from the
-- `discount-codes:<id>` streams (decision 1102). One row per code added; one row per code and store saying where
-- it stands there. A deleted code stays until every store has confirmed its removal, so a failure shows.
CREATE TABLE rm.discount_codes (
  code_id uuid PRIMARY KEY,
  discount_id uuid NOT NULL,
  brand_id int NOT NULL,
  code text NOT NULL,
  code_folded text NOT NULL,
  influencer_name text,
  created_by_name text,
  created_by_email text,
  added_at timestamptz NOT NULL,
  deleted_at timestamptz,
  -- What the codes page's search matches: the code, the influencer, the creator's email.
  search_text text GENERATED ALWAYS AS (
    lower(code || E'\n' || coalesce(influencer_name, '') || E'\n' || coalesce(created_by_email, ''))) STORED
);
-- The page's order (newest first, then the code), walked by index for page 1 and page 1,000 alike.
CREATE INDEX discount_codes_page_idx ON rm.discount_codes (discount_id, added_at DESC, code_folded, code_id);
CREATE INDEX discount_codes_folded_idx ON rm.discount_codes (discount_id, code_folded);
CREATE INDEX discount_codes_search_idx ON rm.discount_codes USING gin (search_text gin_trgm_ops);

-- state: pending | live | failed | conflict | removing | removal_failed (the contract's codeStoreStateSchema).
CREATE TABLE rm.discount_code_stores (
  code_id uuid NOT NULL,
  store_id int NOT NULL,
  discount_id uuid NOT NULL,
  code_folded text NOT NULL,
  state text NOT NULL,
  reason text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (code_id, store_id)
);
-- Push outcomes name (discount, store, code): found through this index.
CREATE INDEX discount_code_stores_push_idx ON rm.discount_code_stores (discount_id, store_id, code_folded);
