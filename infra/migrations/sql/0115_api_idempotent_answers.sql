-- The answers of commands sent with an Idempotency-Key (decision 1330). Operational state, not business
-- decisions, so not events: the events the first request appended are the record; this row only lets a second
-- request with the same key answer what the first one answered (same ids, same status), and makes it wait while
-- the first is still in flight. Rows are kept a day.
CREATE SCHEMA IF NOT EXISTS api;

CREATE TABLE api.idempotent_answers (
  key text PRIMARY KEY,                 -- '<user id>:<Idempotency-Key>', as the command id
  fingerprint text NOT NULL,            -- sha256 of method, path and body: the same key for another request is refused
  lease_until timestamptz NOT NULL,     -- while unanswered: the first request still holds it (renewed while it runs)
  status int,                           -- null while the first request is in flight
  headers jsonb,
  body text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idempotent_answers_created_at_idx ON api.idempotent_answers (created_at);
