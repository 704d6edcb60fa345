-- The catalog (spec 001 §3 Product, Collection, links, import result), built by the `catalog` and
-- `catalog-imports` projections. Items are one row per store; equivalents across stores are links.
CREATE TABLE rm.catalog_imports (
  import_id uuid PRIMARY KEY,
  kind text NOT NULL,
  brand_id int NOT NULL,
  store_id int NOT NULL,
  status text NOT NULL,
  imported int NOT NULL DEFAULT 0,
  failed int NOT NULL DEFAULT 0,
  skipped int NOT NULL DEFAULT 0,
  error text,
  requested_at timestamptz NOT NULL,
  finished_at timestamptz
);

-- Store names as the catalog shows them, kept by the catalog projection itself from StoreCreated, so it
-- never depends on how far another projection has got (a rebuild may run them in any order).
CREATE TABLE rm.catalog_stores (
  id int PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE rm.catalog_products (
  id uuid PRIMARY KEY,
  brand_id int NOT NULL,
  store_id int NOT NULL,
  shopify_product_id text NOT NULL,
  title text NOT NULL,
  handle text NOT NULL,
  status text NOT NULL,
  sku text,
  sku_normalized text,
  universal_sku text,
  variants jsonb NOT NULL,
  hash text NOT NULL,
  is_available boolean NOT NULL DEFAULT false,
  -- The other ends of its links, kept here by the projection so a 20,000-item list is a plain scan.
  linked_ids uuid[] NOT NULL DEFAULT '{}',
  linked_stores jsonb NOT NULL DEFAULT '[]',
  has_manual_link boolean NOT NULL DEFAULT false,
  -- The item as the list endpoints answer it (spec 001 §3 Product), rendered when anything in it changes.
  doc text NOT NULL DEFAULT '{}'
);
-- Lists are per brand, ordered by title.
CREATE INDEX catalog_products_brand_title_idx ON rm.catalog_products (brand_id, title, store_id, id);

-- Every normalised variant SKU of a product: the automatic links join on it.
CREATE TABLE rm.catalog_product_skus (
  product_id uuid NOT NULL,
  brand_id int NOT NULL,
  store_id int NOT NULL,
  sku_normalized text NOT NULL,
  PRIMARY KEY (product_id, sku_normalized)
);
CREATE INDEX catalog_product_skus_brand_sku_idx ON rm.catalog_product_skus (brand_id, sku_normalized);

CREATE TABLE rm.catalog_collections (
  id uuid PRIMARY KEY,
  brand_id int NOT NULL,
  store_id int NOT NULL,
  shopify_collection_id text NOT NULL,
  title text NOT NULL,
  handle text NOT NULL,
  products_count int NOT NULL,
  hash text NOT NULL,
  is_available boolean NOT NULL DEFAULT false,
  linked_ids uuid[] NOT NULL DEFAULT '{}',
  linked_stores jsonb NOT NULL DEFAULT '[]',
  has_manual_link boolean NOT NULL DEFAULT false,
  doc text NOT NULL DEFAULT '{}'
);
CREATE INDEX catalog_collections_brand_title_idx ON rm.catalog_collections (brand_id, title, store_id, id);

-- Links of products or collections; at most one per pair, whichever way round.
CREATE TABLE rm.catalog_links (
  id uuid PRIMARY KEY,
  brand_id int NOT NULL,
  item_kind text NOT NULL,
  link_type text NOT NULL,
  source_id uuid NOT NULL,
  target_id uuid NOT NULL
);
CREATE UNIQUE INDEX catalog_links_pair_idx
  ON rm.catalog_links (item_kind, least(source_id, target_id), greatest(source_id, target_id));
CREATE INDEX catalog_links_source_idx ON rm.catalog_links (source_id);
CREATE INDEX catalog_links_target_idx ON rm.catalog_links (target_id);
CREATE INDEX catalog_links_brand_idx ON rm.catalog_links (brand_id, item_kind);

-- Automatic links someone removed: the next import must not link the pair again (low_id < high_id).
CREATE TABLE rm.catalog_link_suppressions (
  item_kind text NOT NULL,
  low_id uuid NOT NULL,
  high_id uuid NOT NULL,
  PRIMARY KEY (item_kind, low_id, high_id)
);

-- A name-based UUID (version and variant bits set, so strict UUID validators accept it) for derived links.
CREATE FUNCTION rm.name_uuid(name text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$
  SELECT (substr(h, 1, 12) || '5' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid FROM md5(name) AS h
$$;
