-- Decision 1559: the read horizon reads pg_locks only while some connection may run declared transactions.
-- Every reader of the log computes the horizon on each read, and pg_locks takes every lock-table partition and
-- every backend's fast-path lock in turn: with writers running it cost readers about twice a plain snapshot's read
-- and writers a fifth of their commits. A connection registers (committed) before its first declared transaction
-- and unregisters after its last; with none registered the horizon is the snapshot's oldest running transaction,
-- which is what it is whenever no declared transaction runs. Skipping the registry only ever holds readers back,
-- so a row left by a connection that died costs readers the lock-table read, never an event.

CREATE TABLE es.no_append_backends (
  pid int NOT NULL,
  backend_start timestamptz NOT NULL,
  PRIMARY KEY (pid, backend_start)
);

-- Autocommit, before BEGIN: inside a transaction it writes, and the declaration after it is refused.
-- Rows of backends no longer running (a process that died before unregistering) go at the same time; another
-- role's backend shows no start time, and its row stays.
CREATE FUNCTION es.register_no_appends() RETURNS void LANGUAGE sql AS $$
  DELETE FROM es.no_append_backends r
  WHERE NOT EXISTS (
    SELECT FROM pg_stat_activity a
    WHERE a.pid = r.pid AND (a.backend_start = r.backend_start OR a.backend_start IS NULL)
  );
  INSERT INTO es.no_append_backends (pid, backend_start)
  SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()
  ON CONFLICT DO NOTHING;
$$;

CREATE FUNCTION es.unregister_no_appends() RETURNS void LANGUAGE sql AS $$
  DELETE FROM es.no_append_backends WHERE pid = pg_backend_pid();
$$;

CREATE OR REPLACE FUNCTION es.declare_no_appends() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION 'es.declare_no_appends() must come before the transaction writes anything';
  END IF;
  IF NOT EXISTS (SELECT FROM es.no_append_backends WHERE pid = pg_backend_pid()) THEN
    RAISE EXCEPTION 'es.declare_no_appends() needs its connection registered first: es.register_no_appends(), committed';
  END IF;
  PERFORM pg_advisory_xact_lock_shared(1494, 1);
  PERFORM set_config('es.no_appends', 'on', true);
END $$;

-- The registry is read under the same snapshot as the running transactions: a declared transaction running in it
-- began after its connection's registration committed, so the registration is seen whenever it matters.
CREATE OR REPLACE FUNCTION es.read_horizon() RETURNS xid8 LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
  horizon xid8;
BEGIN
  IF pg_snapshot_xmin(snap) = pg_snapshot_xmax(snap) THEN
    RETURN pg_snapshot_xmax(snap);
  END IF;
  IF NOT EXISTS (SELECT FROM es.no_append_backends) THEN
    RETURN pg_snapshot_xmin(snap);
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
