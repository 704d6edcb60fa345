-- When each store's codes were last read whole or by change (issue 12, decision 1160): the start of its last
-- completed full or incremental sync, written by the `code-sync` projection. A usage pass reads no new codes, so
-- it does not count. The availability check trusts the synced cache of a store read within 15 minutes and asks
-- Shopify about the others. (Its own table: migrations run in number order, and 0040 comes before rm.code_sync_status.)
CREATE TABLE rm.code_sync_freshness (
  store_id int PRIMARY KEY,
  codes_synced_at timestamptz NOT NULL
);
