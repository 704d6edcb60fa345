import { CompressionTypes, Kafka, logLevel, type Consumer, type IHeaders, type Producer } from 'kafkajs';
import { createMissingTopics } from './kafkajs-topics';
import type { ConsumedMessage, KafkaPort } from './port';
import { sessionLapse, SessionLapsedError } from './session-lapse';

const headerText = (headers: IHeaders | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers ?? {}).flatMap(([name, value]) => {
      const first = Array.isArray(value) ? value[0] : value;
      return first === undefined ? [] : [[name, first.toString()]];
    }),
  );

/** kafkajs re-joins the group on an error of this type (its `isRebalancing`), instead of retrying the batch. */
const asRebalance = (reason: unknown) =>
  Object.assign(reason instanceof SessionLapsedError ? reason : new SessionLapsedError(0), {
    type: 'REBALANCE_IN_PROGRESS',
  });

/** The port over kafkajs (pure JS, from the npm registry). */
export const kafkajsPort = (options: { brokers: readonly string[]; clientId: string }): KafkaPort => {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: logLevel.NOTHING,
    retry: { initialRetryTime: 100, retries: 8 },
  });
  const open = new Set<Producer | Consumer>();
  return {
    ensureTopics: async (topics) => {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await createMissingTopics(admin, topics);
      } finally {
        await admin.disconnect();
      }
    },
    producer: async (producerOptions = {}) => {
      // kafkajs' idempotent producer holds a lock per broker around each produce request (its sequence numbers),
      // so a higher maxInFlightRequests would not put a second request on the wire; one keeps retries in order.
      const compression = producerOptions.compression === 'gzip' ? CompressionTypes.GZIP : CompressionTypes.None;
      const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
      await producer.connect();
      open.add(producer);
      return {
        send: async (batches) => {
          await producer.sendBatch({
            acks: -1,
            compression,
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
      const heartbeatInterval = options.heartbeatIntervalMs ?? 3_000;
      const consumer = kafka.consumer({
        groupId,
        allowAutoTopicCreation: false,
        heartbeatInterval,
        // An idle member heartbeats after each fetch, and a fetch with nothing to read waits this long (kafkajs'
        // default is 5 s): a survivor would learn of a dead member's rebalance only that late, and the group
        // waits for every member to re-join before the dead one's partitions move (decision 1500).
        maxWaitTimeInMs: heartbeatInterval,
        ...(options.sessionTimeoutMs ? { sessionTimeout: options.sessionTimeoutMs } : {}),
      });
      await consumer.connect();
      open.add(consumer);
      await consumer.subscribe({ topics: [...topics], fromBeginning: true });
      if (onError) consumer.on(consumer.events.CRASH, (event) => onError(event.payload.error));
      // kafkajs heartbeats only between batches, or when a handler asks: a long batch would look dead to the group.
      // So each batch in hand heartbeats on a timer; the first heartbeat that meets a rebalance revokes every batch
      // of this generation (the client re-joins once they have all returned), and a new generation starts at the
      // next join.
      const stopped = new AbortController();
      let generation = new AbortController();
      // kafkajs' session timeout when none is given. A batch in hand is also revoked once no heartbeat was answered
      // for most of the session (decision 1543): the broker may have given its partition to another member.
      const lapse = sessionLapse({
        sessionTimeoutMs: options.sessionTimeoutMs ?? 30_000,
        marginMs: heartbeatInterval,
      });
      consumer.on(consumer.events.HEARTBEAT, () => lapse.answered());
      consumer.on(consumer.events.GROUP_JOIN, (event) => {
        lapse.joined();
        generation = new AbortController();
        options.onAssigned?.(event.payload.memberAssignment);
      });
      await consumer.run({
        autoCommit: false,
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
          const current = generation;
          let rebalance: unknown;
          const beat = setInterval(() => {
            payload.heartbeat().catch((error: unknown) => {
              rebalance ??= error;
              current.abort();
            });
          }, heartbeatInterval);
          const lapsed = lapse.watch();
          try {
            await handleBatch(messages, {
              revoked: AbortSignal.any([current.signal, stopped.signal, lapsed.signal]),
            });
          } catch (error) {
            // The client's own rebalance error makes it re-join at once instead of retrying the batch; so does a
            // lapsed session, dressed as one (the group then says whether this member still holds the partition).
            throw rebalance ?? (lapsed.signal.aborted ? asRebalance(lapsed.signal.reason) : error);
          } finally {
            clearInterval(beat);
            lapsed.stop();
          }
          const last = batch.messages.at(-1)!.offset;
          payload.resolveOffset(last);
          await consumer.commitOffsets([
            { topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() },
          ]);
          await payload.heartbeat();
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
