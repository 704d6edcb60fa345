-- Upgrades of the log that a SQL file cannot make, run once each by the migrate step after the SQL migrations
-- (decision 1310: reservations recorded under the old folding of codes move to their stream under today's).
CREATE TABLE es.upgrades (
  name text PRIMARY KEY,
  done_at timestamptz NOT NULL DEFAULT now()
);
