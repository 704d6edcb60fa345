-- Decision 1562: a skip structure for deep pages of synced codes. Every 250th code of a store, in the codes
-- index's (code, code_id) order, with its rank (how many codes of the store sort before it). The code-sync reactor
-- keeps it exact in the transaction that changes the store's codes (a full sync's swap, an incremental merge), so
-- a page 20,000 codes deep starts at a mark instead of skipping 20,000 index entries.
CREATE TABLE rm.synced_code_marks (
  store_id int NOT NULL,
  rank int NOT NULL,
  code text COLLATE "C" NOT NULL,
  code_id text NOT NULL,
  PRIMARY KEY (store_id, rank)
);
CREATE INDEX synced_code_marks_code_idx ON rm.synced_code_marks (code, code_id, store_id);
CREATE INDEX synced_code_marks_store_code_idx ON rm.synced_code_marks (store_id, code, code_id) INCLUDE (rank);

CREATE FUNCTION rm.synced_code_mark_every() RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 250';

-- The marks of a table of one store's codes (its partition, or a full sync's fresh table) from a mark on: the
-- codes at or after (from_code, from_id), the first of them at rank `from_rank`, walked in the index's order. The
-- table is named, not read through the parent: there the store's filter would read every code's row (the index
-- holds code and id only), four times slower over a million codes.
CREATE FUNCTION rm.synced_code_marks_in(codes regclass, from_rank int, from_code text, from_id text)
RETURNS TABLE (rank int, code text, code_id text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT $1 + w.n, w.code::text, w.code_id
     FROM (SELECT c.code, c.code_id, (row_number() OVER (ORDER BY c.code, c.code_id) - 1)::int AS n
           FROM %s c WHERE (c.code, c.code_id) >= ($2 COLLATE "C", $3)) w
     WHERE w.n > 0 AND ($1 + w.n) %% $4 = 0', codes)
  USING from_rank, from_code, from_id, rm.synced_code_mark_every();
END $$;

-- The store's marks again from (from_code, from_id) on (all of them when null): marks before it keep their ranks,
-- since no code before them changed. Writers of a store's codes serialise here, so each one's walk sees the
-- codes the other committed.
CREATE FUNCTION rm.mark_synced_codes(store int, from_code text, from_id text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  kept_rank int := 0;
  kept_code text COLLATE "C" := '';
  kept_id text := '';
  part regclass;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('rm.synced_code_marks:' || store, 0));
  DELETE FROM rm.synced_code_marks m
  WHERE m.store_id = store AND (from_code IS NULL OR (m.code, m.code_id) >= (from_code COLLATE "C", from_id));
  SELECT m.rank, m.code, m.code_id INTO kept_rank, kept_code, kept_id
  FROM rm.synced_code_marks m WHERE m.store_id = store ORDER BY m.rank DESC LIMIT 1;
  IF NOT FOUND THEN
    kept_rank := 0;
    kept_code := '';
    kept_id := '';
  END IF;
  SELECT i.inhrelid::regclass INTO part FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'rm.synced_codes'::regclass
    AND pg_get_expr(c.relpartbound, c.oid) = format('FOR VALUES IN (%s)', store);
  IF part IS NOT NULL THEN
    INSERT INTO rm.synced_code_marks (store_id, rank, code, code_id)
    SELECT store, m.rank, m.code, m.code_id FROM rm.synced_code_marks_in(part, kept_rank, kept_code, kept_id) m;
  END IF;
END $$;

-- How many codes of the stores sort before (at_code, at_id): each store's last mark at or before it, and its codes
-- from that mark on (fewer than a mark's spacing), counted through the store's code index.
CREATE FUNCTION rm.synced_codes_before(stores int[], at_code text, at_id text) RETURNS int
LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- PL/pgSQL, not SQL: its statement's plan is kept for the session, where a SQL function's is made on every call.
  RETURN (
    SELECT coalesce(sum(coalesce(m.rank, 0) + (
             SELECT count(*) FROM rm.synced_codes c
             WHERE c.store_id = s.id
               AND (c.code, c.code_id) >= (coalesce(m.code, ''), coalesce(m.code_id, ''))
               AND (c.code, c.code_id) < (at_code COLLATE "C", at_id))), 0)::int
    FROM unnest(stores) AS s(id)
    LEFT JOIN LATERAL (
      SELECT k.rank, k.code, k.code_id FROM rm.synced_code_marks k
      WHERE k.store_id = s.id AND (k.code, k.code_id) <= (at_code COLLATE "C", at_id)
      ORDER BY k.code DESC, k.code_id DESC LIMIT 1) m ON true);
END $$;

-- Where a page `skip` codes deep into the stores' codes may start: a mark and its rank across the stores (at
-- most `skip`, and usually within two spacings of it), or ('', '', 0), the start, when no mark is known to be at or
-- before it. The i-th mark of the stores in code order has at least i × spacing codes before it (each store's
-- marks before it stand for a spacing of codes each), so the (skip / spacing)-th is tried first; when other
-- stores' codes put it past `skip`, marks further back are tried. With several stores the mark before it is tried
-- first: the others' codes after their last marks (up to a spacing each) would put that one past `skip` as often
-- as not, and a second try costs more than walking a spacing further.
CREATE FUNCTION rm.synced_codes_skip(stores int[], skip int, OUT code text, OUT code_id text, OUT rank int)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  every constant int := rm.synced_code_mark_every();
  i int := skip / every - CASE WHEN cardinality(stores) > 1 THEN 1 ELSE 0 END;
  tries int := 0;
BEGIN
  WHILE i > 0 AND tries < 4 LOOP
    tries := tries + 1;
    SELECT k.code, k.code_id INTO code, code_id FROM rm.synced_code_marks k
    WHERE k.store_id = ANY (stores) ORDER BY k.code, k.code_id OFFSET i - 1 LIMIT 1;
    IF NOT FOUND THEN
      SELECT count(*)::int INTO i FROM rm.synced_code_marks k WHERE k.store_id = ANY (stores);
      CONTINUE;
    END IF;
    rank := rm.synced_codes_before(stores, code, code_id);
    IF rank <= skip THEN
      RETURN;
    END IF;
    i := i - ceil((rank - skip)::numeric / every)::int;
  END LOOP;
  code := '';
  code_id := '';
  rank := 0;
END $$;

SELECT rm.mark_synced_codes(s.store_id, NULL, NULL) FROM (SELECT DISTINCT store_id FROM rm.synced_codes) s;
