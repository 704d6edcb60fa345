import { loadConfluent, type CkConsumer, type CkHeaders, type CkProducer } from './confluent-module';
import type { ConsumedMessage, KafkaPort } from './port';

const headerText = (headers: CkHeaders | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers ?? {}).flatMap(([name, value]) => {
      const first = Array.isArray(value) ? value[0] : value;
      return first === undefined ? [] : [[name, first.toString()]];
    }),
  );

/**
 * The port over `@confluentinc/kafka-javascript`'s KafkaJS-compatible API (librdkafka, built on demand by
 * `scripts/confluent-install.sh`; decision 1490). Same guarantees as the kafkajs adapter: idempotent, `acks=all`,
 * manual commit after each batch.
 */
export const confluentPort = (options: {
  brokers: readonly string[];
  clientId: string;
  /** Where the build is; `~/.cache/dm-confluent/<version>` by default. */
  confluentDir?: string;
}): KafkaPort => {
  const { KafkaJS } = loadConfluent(options.confluentDir);
  const kafka = new KafkaJS.Kafka({
    kafkaJS: { clientId: options.clientId, brokers: [...options.brokers], logLevel: KafkaJS.logLevel.ERROR },
  });
  const open = new Set<CkProducer | CkConsumer>();
  return {
    ensureTopics: async (topics) => {
      const admin = kafka.admin();
      await admin.connect();
      try {
        const existing = new Set(await admin.listTopics());
        const missing = topics.filter((t) => !existing.has(t.name));
        if (missing.length > 0)
          await admin.createTopics({ topics: missing.map((t) => ({ topic: t.name, numPartitions: t.partitions })) });
      } finally {
        await admin.disconnect();
      }
    },
    producer: async (producerOptions = {}) => {
      // librdkafka keeps up to 5 requests in flight per broker with idempotence and still keeps order (its
      // sequence numbers survive retries), which kafkajs cannot (decision 1438). acks and compression are
      // producer settings here, not per send.
      const producer = kafka.producer({
        kafkaJS: {
          idempotent: true,
          acks: -1,
          maxInFlightRequests: 5,
          compression: producerOptions.compression ?? 'none',
          allowAutoTopicCreation: false,
        },
      });
      await producer.connect();
      open.add(producer);
      return {
        send: async (batches) => {
          await producer.sendBatch({
            topicMessages: batches.map((b) => ({
              topic: b.topic,
              messages: b.messages.map((m) => ({ key: m.key, value: m.value, headers: { ...m.headers } })),
            })),
          });
        },
        close: async () => {
          open.delete(producer);
          await producer.disconnect();
        },
      };
    },
    consume: async (options) => {
      const { groupId, topics, handleBatch, onError } = options;
      const consumer = kafka.consumer({
        kafkaJS: {
          groupId,
          fromBeginning: true,
          autoCommit: false,
          allowAutoTopicCreation: false,
          // librdkafka heartbeats on its own thread, also while a batch is being handled.
          ...(options.sessionTimeoutMs ? { sessionTimeout: options.sessionTimeoutMs } : {}),
          ...(options.heartbeatIntervalMs ? { heartbeatInterval: options.heartbeatIntervalMs } : {}),
        },
      });
      const stopped = new AbortController();
      await consumer.connect();
      open.add(consumer);
      await consumer.subscribe({ topics: [...topics] });
      await consumer.run({
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: options.partitionsConcurrently ?? 1,
        eachBatch: async (payload) => {
          const { batch } = payload;
          if (!payload.isRunning() || payload.isStale() || batch.messages.length === 0) return;
          const messages: ConsumedMessage[] = batch.messages.map((m) => ({
            topic: batch.topic,
            partition: batch.partition,
            offset: BigInt(m.offset),
            key: m.key?.toString() ?? null,
            value: m.value?.toString() ?? '',
            headers: headerText(m.headers),
          }));
          try {
            // Revoked on stop only: librdkafka's rebalance waits for the batches in hand (decision 1500).
            await handleBatch(messages, { revoked: stopped.signal });
          } catch (error) {
            // The client seeks back and hands the batch again; the kafkajs adapter reports a crash the same way.
            onError?.(error);
            throw error;
          }
          const last = batch.messages.at(-1)!.offset;
          payload.resolveOffset(last);
          await consumer.commitOffsets([
            { topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() },
          ]);
        },
      });
      return {
        stop: async () => {
          stopped.abort();
          open.delete(consumer);
          await consumer.disconnect();
        },
      };
    },
    close: async () => {
      await Promise.all([...open].map((c) => c.disconnect()));
      open.clear();
    },
  };
};
