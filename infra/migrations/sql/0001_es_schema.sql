-- The event store (ARCHITECTURE §3): one append-only table, global order, per-stream versions.
CREATE SCHEMA IF NOT EXISTS es;

CREATE TABLE es.events (
  global_position bigserial PRIMARY KEY,
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  schema_version int NOT NULL DEFAULT 1,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_version)
);
CREATE INDEX events_tx_position_idx ON es.events (tx_id, global_position);

-- Subscribers (projections and reactors) keep their place here; for projections the row is written in
-- the same transaction as their read-model rows.
CREATE TABLE es.checkpoints (
  name text PRIMARY KEY,
  version int NOT NULL,
  tx_id xid8 NOT NULL DEFAULT '0'::xid8,
  position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Events are never changed or removed.
CREATE FUNCTION es.forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'es.events is append-only';
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON es.events
  FOR EACH ROW EXECUTE FUNCTION es.forbid_change();

CREATE SCHEMA IF NOT EXISTS rm;

-- Appends events to one stream in one statement (one round trip, its own transaction when called alone).
-- Expected version: 'any' | 'no_stream' | 'exists' | a decimal stream version (1-based; 0 means empty).
-- Events whose ids are already stored are skipped, so a re-sent command is a no-op (decision 0305: the common
-- case costs one index probe per event id and one plain INSERT … SELECT FROM unnest).
-- A mismatch raises SQLSTATE DM001 with the actual version in DETAIL.
CREATE FUNCTION es.append_events(
  p_stream_id text, p_expected text, p_event_ids uuid[], p_types text[], p_schema_versions int[],
  p_data jsonb[], p_metadata jsonb[], p_created_at timestamptz
) RETURNS TABLE (last_position bigint, stream_version bigint, appended int)
LANGUAGE plpgsql AS $$
DECLARE
  v_current bigint;
  v_stored int;
  v_count int := cardinality(p_event_ids);
  v_last bigint;
  v_mismatch boolean;
BEGIN
  -- 'any' and 'exists' do not pin a version, so they serialise on the stream to never collide. An exact
  -- version needs no lock: a concurrent append of the same version fails on unique(stream_id, stream_version),
  -- which the client reports as the same concurrency error.
  IF p_expected IN ('any', 'exists') THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));
  END IF;
  -- One statement (each is a round through SPI): the stream's version, and which of the ids are stored.
  SELECT coalesce((SELECT e.stream_version FROM es.events e WHERE e.stream_id = p_stream_id
                   ORDER BY e.stream_version DESC LIMIT 1), 0),
         s.n, s.last
    INTO v_current, v_stored, v_last
    FROM (SELECT count(*)::int AS n, max(e.global_position) AS last FROM es.events e WHERE e.event_id = ANY(p_event_ids)) s;
  IF v_stored = v_count THEN
    -- A re-sent append: nothing to do, answer as the first time did.
    RETURN QUERY SELECT v_last, v_current, 0;
    RETURN;
  END IF;
  v_mismatch := CASE p_expected
    WHEN 'any' THEN false
    WHEN 'no_stream' THEN v_current <> 0
    WHEN 'exists' THEN v_current = 0
    ELSE v_current <> p_expected::bigint
  END;
  IF v_mismatch THEN
    RAISE EXCEPTION USING ERRCODE = 'DM001', MESSAGE = 'wrong expected version', DETAIL = v_current::text;
  END IF;
  IF v_stored = 0 THEN
    RETURN QUERY
    WITH inserted AS (
      INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
      SELECT p_stream_id, v_current + i.ord, i.event_id, i.type, i.schema_version, i.data, i.metadata, p_created_at
      FROM unnest(p_event_ids, p_types, p_schema_versions, p_data, p_metadata)
        WITH ORDINALITY AS i(event_id, type, schema_version, data, metadata, ord)
      ORDER BY i.ord
      RETURNING global_position
    )
    SELECT max(inserted.global_position), v_current + v_count, v_count FROM inserted;
    RETURN;
  END IF;
  -- Some ids stored, some not (rare): append only the new ones, in order.
  WITH fresh AS (
    SELECT i.*, row_number() OVER (ORDER BY i.ord) AS n
    FROM unnest(p_event_ids, p_types, p_schema_versions, p_data, p_metadata)
      WITH ORDINALITY AS i(event_id, type, schema_version, data, metadata, ord)
    WHERE i.event_id <> ALL (ARRAY(SELECT e.event_id FROM es.events e WHERE e.event_id = ANY(p_event_ids)))
  ), inserted AS (
    INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
    SELECT p_stream_id, v_current + f.n, f.event_id, f.type, f.schema_version, f.data, f.metadata, p_created_at
    FROM fresh f ORDER BY f.n
    RETURNING global_position
  )
  SELECT max(inserted.global_position) INTO v_last FROM inserted;
  RETURN QUERY SELECT v_last, v_current + (v_count - v_stored), v_count - v_stored;
END $$;
