import type pg from 'pg';
import { deliveryMarkOf, isAfter, type DeliveryMark } from './delivery-headers';
import type { ConsumedMessage, KafkaPort, RunningConsumer } from './port';

export interface ConsumeOnceOptions {
  readonly kafka: KafkaPort;
  readonly pool: pg.Pool;
  readonly groupId: string;
  readonly topics: readonly string[];
  /** The consumer's own writes for one message, inside the transaction that also records it as consumed. */
  readonly handle: (tx: pg.PoolClient, message: ConsumedMessage) => Promise<void>;
  readonly onError?: (error: unknown) => void;
}

const readMark = async (tx: pg.PoolClient, group: string, topic: string, partition: number) => {
  const { rows } = await tx.query<{ tx_id: string; position: string; copy: number }>(
    `SELECT tx_id::text, position::text, copy FROM kafka.consumed
     WHERE consumer_group = $1 AND topic = $2 AND kafka_partition = $3 FOR UPDATE`,
    [group, topic, partition],
  );
  const row = rows[0];
  return row ? { txId: BigInt(row.tx_id), position: BigInt(row.position), copy: row.copy } : undefined;
};

const writeMark = (tx: pg.PoolClient, group: string, topic: string, partition: number, mark: DeliveryMark) =>
  tx.query(
    `INSERT INTO kafka.consumed (consumer_group, topic, kafka_partition, tx_id, position, copy)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (consumer_group, topic, kafka_partition)
     DO UPDATE SET tx_id = $4, position = $5, copy = $6, updated_at = now()`,
    [group, topic, partition, mark.txId.toString(), mark.position.toString(), mark.copy],
  );

/**
 * A consumer group member whose effects happen once: each batch of a partition is applied in one PostgreSQL
 * transaction together with the partition's high-water mark, and messages at or below the mark are skipped.
 * The Kafka offset is committed after that transaction; if the process dies in between, the batch comes again
 * and is skipped.
 */
export const consumeOnce = (options: ConsumeOnceOptions): Promise<RunningConsumer> =>
  options.kafka.consume({
    groupId: options.groupId,
    topics: options.topics,
    onError: options.onError,
    handleBatch: async (messages) => {
      const first = messages[0];
      if (!first) return;
      const tx = await options.pool.connect();
      try {
        await tx.query('BEGIN');
        let mark = await readMark(tx, options.groupId, first.topic, first.partition);
        for (const message of messages) {
          const at = deliveryMarkOf(message.headers);
          if (mark && !isAfter(at, mark)) continue;
          await options.handle(tx, message);
          mark = at;
        }
        if (mark) await writeMark(tx, options.groupId, first.topic, first.partition, mark);
        await tx.query('COMMIT');
      } catch (error) {
        await tx.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        tx.release();
      }
    },
  });
