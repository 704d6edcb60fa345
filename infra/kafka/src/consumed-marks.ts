import type pg from 'pg';
import type { DeliveryMark } from './delivery-headers';

export interface PartitionOf {
  readonly group: string;
  readonly topic: string;
  readonly partition: number;
}

/** The last message of the partition the group has applied, by its place in our log (`kafka.consumed`). */
export const readConsumedMark = async (db: pg.Pool, at: PartitionOf): Promise<DeliveryMark | undefined> => {
  const { rows } = await db.query<{ tx_id: string; position: string; copy: number }>(
    `SELECT tx_id::text, position::text, copy FROM kafka.consumed
     WHERE consumer_group = $1 AND topic = $2 AND kafka_partition = $3`,
    [at.group, at.topic, at.partition],
  );
  const row = rows[0];
  return row ? { txId: BigInt(row.tx_id), position: BigInt(row.position), copy: row.copy } : undefined;
};

/**
 * Moves the mark forward, never back: a member that lost the partition in a rebalance and still finishes a few
 * effects must not pull the new owner's mark behind what it has applied.
 */
export const advanceConsumedMark = async (db: pg.Pool, at: PartitionOf, mark: DeliveryMark): Promise<void> => {
  await db.query(
    `INSERT INTO kafka.consumed (consumer_group, topic, kafka_partition, tx_id, position, copy)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (consumer_group, topic, kafka_partition)
     DO UPDATE SET tx_id = $4, position = $5, copy = $6, updated_at = now()
     WHERE (kafka.consumed.tx_id, kafka.consumed.position, kafka.consumed.copy) < ($4, $5, $6)`,
    [at.group, at.topic, at.partition, mark.txId.toString(), mark.position.toString(), mark.copy],
  );
};
