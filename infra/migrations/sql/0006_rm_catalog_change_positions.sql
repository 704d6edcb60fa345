-- Where in the log (the checkpoint's order: transaction id, then position) each item's list document, title
-- or availability last changed, so query-api refreshes a cached list with only the items changed since it
-- rendered it (decision 0603). The catalog projection's version 2 rebuilds these tables and fills them.
ALTER TABLE rm.catalog_products
  ADD COLUMN changed_tx_id xid8 NOT NULL DEFAULT '0'::xid8,
  ADD COLUMN changed_position bigint NOT NULL DEFAULT 0;
CREATE INDEX catalog_products_brand_changed_idx ON rm.catalog_products (brand_id, changed_tx_id, changed_position);

ALTER TABLE rm.catalog_collections
  ADD COLUMN changed_tx_id xid8 NOT NULL DEFAULT '0'::xid8,
  ADD COLUMN changed_position bigint NOT NULL DEFAULT 0;
CREATE INDEX catalog_collections_brand_changed_idx ON rm.catalog_collections (brand_id, changed_tx_id, changed_position);
