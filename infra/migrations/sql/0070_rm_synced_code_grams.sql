-- Exact counts for the synced-codes search (decision 0950). Per store and discount: how many of its codes contain
-- each substring of up to 3 characters, and each longer substring whose 3-grams are all in the store's frequent
-- set (rm.synced_code_gram_sets, frozen at each full sync). Grams are folded as ILIKE under COLLATE "C" folds them
-- (ASCII letters to lower case). Written by the code-sync reactor with the codes (the swap, the incremental merge);
-- like rm.synced_codes they are a mirror of the stores, not a projection.
CREATE TABLE rm.synced_code_grams (
  store_id int NOT NULL,
  gram text COLLATE "C" NOT NULL,
  discount_id text NOT NULL,
  code_count int NOT NULL,
  -- The discount's first code holding the gram, in the codes index's order: a page walk starts there.
  first_code text COLLATE "C" NOT NULL,
  PRIMARY KEY (store_id, gram, discount_id)
);
CREATE INDEX synced_code_grams_discount_idx ON rm.synced_code_grams (store_id, discount_id);

-- A store without a row here (never fully synced since this migration) is searched without counts from grams.
CREATE TABLE rm.synced_code_gram_sets (
  store_id int PRIMARY KEY,
  frequent text[] COLLATE "C" NOT NULL,
  threshold int NOT NULL
);
