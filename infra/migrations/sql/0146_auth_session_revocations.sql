-- Every replica of the command and query APIs caches sessions; these tell each of them at commit what no longer
-- holds (decision 1407): a session ended (sign-out, expiry, removal) or a person's permissions changed.
CREATE FUNCTION auth.notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dm_session_revocations', 's:' || OLD.id_hash);
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_ended AFTER DELETE ON auth.sessions
  FOR EACH ROW EXECUTE FUNCTION auth.notify_session_ended();

CREATE FUNCTION auth.notify_permissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('dm_session_revocations', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('dm_session_revocations', 'e:' || NEW.email);
  ELSE
    PERFORM pg_notify('dm_session_revocations', 'e:' || OLD.email);
    IF TG_OP = 'UPDATE' AND NEW.email IS DISTINCT FROM OLD.email THEN
      PERFORM pg_notify('dm_session_revocations', 'e:' || NEW.email);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER user_permissions_changed AFTER INSERT OR UPDATE OR DELETE ON rm.user_permissions
  FOR EACH ROW EXECUTE FUNCTION auth.notify_permissions_changed();
CREATE TRIGGER user_permissions_truncated AFTER TRUNCATE ON rm.user_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION auth.notify_permissions_changed();
