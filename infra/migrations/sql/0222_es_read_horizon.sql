-- The log's read horizon (decision 1494). A reader reads only events of transactions below the oldest one still
-- running that may append: one that declared it never appends (es.declare_no_appends(), before it writes anything)
-- does not hold readers back, however long it holds its transaction id. A code sync's COPY batches declare it.

-- The mark is a shared advisory lock, visible to every reader in pg_locks beside the transaction id lock of the same
-- backend; taken before the transaction has an id, so a backend holding both has been declared for its whole life.
CREATE FUNCTION es.declare_no_appends() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION 'es.declare_no_appends() must come before the transaction writes anything';
  END IF;
  PERFORM pg_advisory_xact_lock_shared(1494, 1);
  PERFORM set_config('es.no_appends', 'on', true);
END $$;

CREATE FUNCTION es.forbid_declared_appends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('es.no_appends', true) = 'on' THEN
    RAISE EXCEPTION 'this transaction declared it never appends events (es.declare_no_appends)';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER events_not_from_declared BEFORE INSERT ON es.events
  FOR EACH STATEMENT EXECUTE FUNCTION es.forbid_declared_appends();

-- Below it, nothing can commit an event later: every running transaction under it declared it never appends, and
-- the others are below none of it. pg_locks is read after the snapshot: a declared transaction that ended since
-- is no longer listed and counts as one that may append (later readers move on).
CREATE FUNCTION es.read_horizon() RETURNS xid8 LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
  horizon xid8;
BEGIN
  IF pg_snapshot_xmin(snap) = pg_snapshot_xmax(snap) THEN
    RETURN pg_snapshot_xmax(snap);
  END IF;
  WITH locks AS MATERIALIZED (
    SELECT l.pid, l.locktype, l.transactionid FROM pg_locks l
    WHERE l.granted AND (l.locktype = 'transactionid'
      OR (l.locktype = 'advisory' AND l.classid = 1494 AND l.objid = 1 AND l.objsubid = 2))
  ), declared AS (
    SELECT own.transactionid FROM locks mark JOIN locks own ON own.pid = mark.pid AND own.locktype = 'transactionid'
    WHERE mark.locktype = 'advisory'
  )
  SELECT min(x) INTO horizon FROM pg_snapshot_xip(snap) AS x
  WHERE NOT EXISTS (
    SELECT FROM declared d WHERE d.transactionid = (x::text::numeric % 4294967296)::text::xid
  );
  RETURN coalesce(horizon, pg_snapshot_xmax(snap));
END $$;
