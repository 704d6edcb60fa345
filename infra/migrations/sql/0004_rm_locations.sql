-- Regions, countries and stores (spec 000 §3), built by the `locations` projection. No foreign keys:
-- a projection replays events in log order and the decider already guarantees the references.
CREATE TABLE rm.regions (
  id int PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL
);

CREATE TABLE rm.countries (
  id int PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  region_id int NOT NULL
);
CREATE INDEX countries_region_idx ON rm.countries (region_id);

CREATE TABLE rm.stores (
  id int PRIMARY KEY,
  name text NOT NULL,
  url_slug text NOT NULL,
  shopify_domain text NOT NULL,
  brand_id int NOT NULL,
  country_id int NOT NULL,
  is_active boolean NOT NULL DEFAULT true
);
-- Every store query filters by the caller's brands; the list is ordered by brand then slug.
CREATE INDEX stores_brand_slug_idx ON rm.stores (brand_id, url_slug);
CREATE INDEX stores_country_idx ON rm.stores (country_id);
