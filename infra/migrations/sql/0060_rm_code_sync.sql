-- Code sync (spec 000 §2.7, §2.8, §3; decisions 0900–0903).
-- rm.code_sync_status is a projection of the `code-sync:<storeId>` streams (rebuildable).
-- rm.synced_codes and rm.synced_code_discounts mirror what the stores hold: the one exception to "everything is
-- an event" (ARCHITECTURE §3). The code-sync reactor writes them; a full sync loads a fresh partition with COPY,
-- indexes it and swaps it in one transaction, so readers see the old set or the new one.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE rm.code_sync_status (
  store_id int PRIMARY KEY,
  sync_id uuid,
  kind text,
  status text NOT NULL DEFAULT 'idle',
  last_sync_at timestamptz,
  total_codes int NOT NULL DEFAULT 0,
  codes_synced int NOT NULL DEFAULT 0,
  codes_expected int,
  error_message text,
  updated_at timestamptz,
  has_full_sync boolean NOT NULL DEFAULT false
);

-- One partition per store (named rm.synced_codes_<storeId>_<syncId prefix>), swapped whole by a full sync.
CREATE TABLE rm.synced_codes (
  store_id int NOT NULL,
  code_id text NOT NULL,
  -- "C": codes compare byte by byte, and ILIKE folds ASCII case without a per-row lower() (decision 0903).
  code text COLLATE "C" NOT NULL,
  discount_id text NOT NULL,
  usage_count int NOT NULL DEFAULT 0
) PARTITION BY LIST (store_id);
CREATE INDEX synced_codes_code_idx ON rm.synced_codes (code, code_id);
CREATE INDEX synced_codes_discount_idx ON rm.synced_codes (discount_id);
CREATE INDEX synced_codes_code_trgm_idx ON rm.synced_codes USING gin (code gin_trgm_ops);

-- One row per code discount and store: small (thousands), so titles are searched and stats summed here.
CREATE TABLE rm.synced_code_discounts (
  store_id int NOT NULL,
  discount_id text NOT NULL,
  title text NOT NULL,
  discount_type text NOT NULL,
  function_id text,
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz,
  usage_limit int,
  usage_count int NOT NULL DEFAULT 0,
  code_count int NOT NULL DEFAULT 0,
  PRIMARY KEY (store_id, discount_id)
);
CREATE INDEX synced_code_discounts_title_trgm_idx ON rm.synced_code_discounts USING gin (title gin_trgm_ops);

-- A full sync's resume point, written in the same transaction as each COPY batch (decision 0902).
CREATE TABLE rm.code_sync_loads (
  sync_id uuid PRIMARY KEY,
  store_id int NOT NULL,
  table_name text NOT NULL,
  bulk_operation_id text,
  lines_done int NOT NULL DEFAULT 0,
  codes_loaded int NOT NULL DEFAULT 0,
  codes_expected int,
  -- Set in the swap's transaction: a sync re-run after the swap answers with these totals, loading nothing.
  swapped_at timestamptz,
  total_codes int,
  total_discounts int
);
