-- Tamper evidence (issue 16, decision 1200): a hash chain over the log in its subscribers' order
-- (tx_id, global_position), kept by the hash-chain runner in batches so appends stay as fast as before.
-- hash = sha256(previous hash ‖ RFC 8785 JSON of the event: position, stream, version, id, type, schema version,
-- data, metadata, recorded time); the first event's previous hash is 32 zero bytes. `seq` is the event's place
-- in that order (1-based), so a removed or inserted event shows as a gap.
CREATE TABLE es.event_chain (
  seq bigint PRIMARY KEY,
  tx_id xid8 NOT NULL,
  global_position bigint NOT NULL UNIQUE,
  hash bytea NOT NULL CHECK (length(hash) = 32)
);
