-- One folding of codes (decision 1310): the synced cache keeps each code folded by `foldCode` (written with the
-- code by the sync), and every lookup of a code in it compares that column, not `lower(code)`, which under
-- COLLATE "C" folds ASCII letters only. ASCII codes fold to their lower case, so their rows are filled here;
-- a store holding any other code is marked stale, so the availability check asks Shopify about it until its
-- next sync writes the true folding.
ALTER TABLE rm.synced_codes ADD COLUMN code_folded text COLLATE "C";
UPDATE rm.synced_codes SET code_folded = lower(code);
DELETE FROM rm.code_sync_freshness f
WHERE EXISTS (SELECT 1 FROM rm.synced_codes c WHERE c.store_id = f.store_id AND c.code ~ '[^\x01-\x7f]');
ALTER TABLE rm.synced_codes ALTER COLUMN code_folded SET NOT NULL;
CREATE INDEX synced_codes_folded_idx ON rm.synced_codes (code_folded);
