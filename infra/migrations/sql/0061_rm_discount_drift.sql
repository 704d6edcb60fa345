-- Drift between our discounts and what each store holds (issue 13, decision 0930), built by the `discount-drift`
-- projection from the `discount-drift:<discountId>:<storeId>` streams.
-- state: drifted (an open finding) | accepted (Shopify's version taken) | cleared (a later sync found no difference).
-- reassert_state: requested | done | failed, null when nobody asked.
CREATE TABLE rm.discount_drift (
  discount_id uuid NOT NULL,
  store_id int NOT NULL,
  brand_id int NOT NULL,
  state text NOT NULL,
  shopify_discount_id text NOT NULL,
  -- The last finding (the contract's driftDifferencesSchema).
  differences jsonb NOT NULL,
  sync_id uuid,
  detected_at timestamptz NOT NULL,
  reassert_state text,
  reassert_reason text,
  reassert_at timestamptz,
  -- Shopify's values an admin accepted, by field ({"title": …, "endsAt": …}), and whether a deletion was accepted.
  accepted_fields jsonb NOT NULL DEFAULT '{}',
  accepted_deleted boolean NOT NULL DEFAULT false,
  accepted_by text,
  accepted_at timestamptz,
  resolved_at timestamptz,
  PRIMARY KEY (discount_id, store_id)
);
-- A store's open findings: the /code-sync card's count and the comparison after each sync.
CREATE INDEX discount_drift_store_idx ON rm.discount_drift (store_id, discount_id) WHERE state = 'drifted';

-- Codes whose difference an admin accepted: 'missing' ones are no longer expected in the store, 'unexpected' ones
-- are known from then on.
CREATE TABLE rm.discount_drift_accepted_codes (
  discount_id uuid NOT NULL,
  store_id int NOT NULL,
  code_folded text NOT NULL,
  kind text NOT NULL,
  PRIMARY KEY (discount_id, store_id, code_folded)
);
