-- Kafka consumers' high-water marks (decision 1401): per consumer group and partition, the last message applied,
-- by its place in our log. Moved in the same transaction as the consumer's own writes, so a redelivery
-- (a relay that published again, a consumer that crashed before committing its offset) changes nothing.
CREATE SCHEMA IF NOT EXISTS kafka;

CREATE TABLE kafka.consumed (
  consumer_group text NOT NULL,
  topic text NOT NULL,
  kafka_partition integer NOT NULL,
  tx_id bigint NOT NULL,
  position bigint NOT NULL,
  copy integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer_group, topic, kafka_partition)
);
