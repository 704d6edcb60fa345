-- es.append_events, faster (decision 0305). Same signature, same behaviour: the common case (no stored id
-- among the new events) now costs one index probe per event id (= ANY, never an anti-join the cached generic
-- plan could turn into a scan of es.events) and one plain INSERT … SELECT FROM unnest.
CREATE OR REPLACE FUNCTION es.append_events(
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
  -- Serialises appends to one stream so that 'any' never collides and versions stay dense.
  PERFORM pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));
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
