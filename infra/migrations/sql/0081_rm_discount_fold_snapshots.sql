-- Snapshots of a discount's as-of fold (issue 16, decision 1270), written by the `discount-fold-snapshots`
-- projection every 1,000 events of the discount's two streams (`discount:<id>`, `discount-codes:<id>`), in the
-- log's order (tx_id, global_position). Derived data: rebuilt from the log like any read model.
CREATE TABLE rm.discount_fold_snapshots (
  discount_id text NOT NULL,
  -- The fold's version (`discountFoldVersion`): an answer reads only snapshots of the fold it runs.
  fold_version int NOT NULL,
  -- How many of the two streams' events it folds: they are every event up to (tx_id, global_position).
  events bigint NOT NULL,
  tx_id xid8 NOT NULL,
  global_position bigint NOT NULL,
  -- The latest recorded time among them: the snapshot answers any instant at or after it.
  recorded_until timestamptz NOT NULL,
  -- json, not jsonb: read back whole, so PostgreSQL hands over the stored text instead of rendering it.
  state json NOT NULL,
  PRIMARY KEY (discount_id, fold_version, events)
);

-- How many events of each discount's two streams the projection has seen (where the next snapshot falls).
CREATE TABLE rm.discount_fold_counts (
  discount_id text PRIMARY KEY,
  events bigint NOT NULL
);
