-- The audit index (issue 16, decision 1230): one row per event of the log, built by the `audit-log` projection,
-- saying what the event is about and whose brands may see it. The event's data and metadata stay in es.events
-- (joined by position for the page being shown); this table only holds what the filters and the scope need.
CREATE TABLE rm.audit_log (
  position bigint PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  type text NOT NULL,
  stream_id text NOT NULL,
  -- discount | code | store | region | country | user | catalog | brand
  entity_kind text NOT NULL,
  -- The entities the event concerns ('discount:<uuid>', 'store:3', 'user:<email>'): what History reads.
  subjects text[] NOT NULL,
  actor_id text NOT NULL,
  actor_email text,
  -- Empty: brand-less (regions, countries, sign-in refusals), seen by super admins only.
  brand_ids int[] NOT NULL
);
-- Every filter of the Audit screen walks one of these newest first (keyset on position, never OFFSET).
CREATE INDEX audit_log_actor_idx ON rm.audit_log (lower(actor_email), position);
CREATE INDEX audit_log_kind_idx ON rm.audit_log (entity_kind, position);
CREATE INDEX audit_log_type_idx ON rm.audit_log (type, position);
CREATE INDEX audit_log_time_idx ON rm.audit_log (occurred_at);
CREATE INDEX audit_log_subjects_idx ON rm.audit_log USING gin (subjects);

-- What a later event without a brand of its own inherits: the brands last seen on its stream
-- ('stream:discount:<uuid>') or on its store ('store:3'). Kept by the same projection.
CREATE TABLE rm.audit_brand_keys (
  key text PRIMARY KEY,
  brand_ids int[] NOT NULL
);
