-- Decision 1561: the check that a declared transaction never appends (decision 1494) moves from a statement
-- trigger into the default of `tx_id`, the column every append leaves to its default. A BEFORE INSERT trigger with
-- a WHEN clause has its condition read and prepared again on every statement (PostgreSQL caches it per query, not
-- per plan): measured inside the server, 4–12 µs of a one-event append's 66 µs, where the default's CASE costs
-- about 2. The same setting decides, with the same message.
CREATE FUNCTION es.refuse_declared_append() RETURNS xid8 LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'this transaction declared it never appends events (es.declare_no_appends)';
END $$;

ALTER TABLE es.events ALTER COLUMN tx_id SET DEFAULT (
  CASE WHEN current_setting('es.no_appends', true) = 'on' THEN es.refuse_declared_append() ELSE pg_current_xact_id() END
);

DROP TRIGGER events_not_from_declared ON es.events;
DROP FUNCTION es.forbid_declared_appends();
