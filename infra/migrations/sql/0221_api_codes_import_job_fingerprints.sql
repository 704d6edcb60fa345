-- What an import job was asked (decision 1485): sha256 of its discount, stores and file. A request that reuses a
-- job's Idempotency-Key for another file meets a conflict instead of the first file's job.
ALTER TABLE api.codes_import_jobs ADD COLUMN fingerprint text NOT NULL DEFAULT '';
