-- Which products a collection holds, per store (issue 24, decision 1460): the Shopify product ids of its first
-- members as imported (Collection.products), so the preview builds a collection's example cart from a member and
-- marks each cart product as Shopify's inCollections would. A collection imported before keeps '[]' (unknown).
ALTER TABLE rm.catalog_collections ADD COLUMN product_ids jsonb NOT NULL DEFAULT '[]';
