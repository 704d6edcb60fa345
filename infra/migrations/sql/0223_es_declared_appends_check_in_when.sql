-- The check of decision 1494 in the trigger's WHEN clause: evaluated without entering PL/pgSQL, so an ordinary
-- append pays for one setting lookup, not for a function call.
DROP TRIGGER events_not_from_declared ON es.events;
CREATE TRIGGER events_not_from_declared BEFORE INSERT ON es.events
  FOR EACH STATEMENT WHEN (current_setting('es.no_appends', true) = 'on')
  EXECUTE FUNCTION es.forbid_declared_appends();
