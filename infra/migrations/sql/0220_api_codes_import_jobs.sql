-- CSV imports of codes as jobs (decision 1485). The request records the job and any command-API replica runs it,
-- holding a session advisory lock on the job while it does, so a replica dying mid-import does not cut it: another
-- one finds the job pending and unlocked and runs it. The codes and the `CodesImportFinished` fence are events;
-- this row only holds what the run needs (the file, who sent it) and what the caller is answered (progress, the
-- rejected rows). The file is dropped once the job has ended; ended rows are kept a day.
CREATE TABLE api.codes_import_jobs (
  id uuid PRIMARY KEY,
  command_id text NOT NULL UNIQUE,      -- '<user id>:<Idempotency-Key>' or a fresh id: a re-sent import finds its job
  discount_id uuid NOT NULL,
  store_ids int[] NOT NULL,
  csv text,                             -- null once the job has ended
  actor jsonb NOT NULL,
  correlation_id text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  attempt int NOT NULL DEFAULT 0,       -- runs started; the fence event names the one that appended
  answers jsonb NOT NULL DEFAULT '{}',  -- each run's answer by run number, kept before its append
  answer jsonb,                         -- the answer of the run the fence names, once done
  phase text,
  done int NOT NULL DEFAULT 0,
  total int NOT NULL DEFAULT 0,
  message text,                         -- why a failed job failed, in words
  position bigint,                      -- the log position of its append, for read-your-writes
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX codes_import_jobs_pending_idx ON api.codes_import_jobs (updated_at) WHERE state = 'pending';
CREATE INDEX codes_import_jobs_created_at_idx ON api.codes_import_jobs (created_at);
