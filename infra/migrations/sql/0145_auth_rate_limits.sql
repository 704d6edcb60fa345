-- Sign-in rate limits shared by every gateway replica (decision 1405): one row per (route, client address),
-- counted by an atomic upsert in a fixed window.
CREATE TABLE auth.rate_limits (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limits_window_idx ON auth.rate_limits (window_started_at);
