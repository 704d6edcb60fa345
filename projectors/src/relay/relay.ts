import type { EventStore, LogPosition } from '@dm/event-store';
import type { KafkaPort, KafkaProducer, ProducerOptions } from '@dm/kafka';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { HeldLock } from '../advisory-lock';
import { CheckpointMovedError, ensureCheckpoint, readCheckpoint, storeCheckpoint } from '../checkpoints';
import { runWhileElected } from '../elected';
import { headOfLog, IdleTracker } from '../idle-tracker';
import type { Runner } from '../projection-runner';
import { storesOfEndedDiscounts } from './ended-stores';
import { sendsOf } from './sends';
import { defaultRelayTopics, messagesOf, relayTopicList, type RefusedEvent, type RelayTopics } from './topics';

export const relayCheckpointName = 'relay:kafka';
const relayVersion = 1;
export const relayBatchSize = 1000;

export interface RelayOptions {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  readonly kafka: KafkaPort;
  readonly logger: Logger;
  readonly topics?: RelayTopics;
  /** Events per produce call (decision 1438: larger batches are what raised the relay's throughput). */
  readonly batchSize?: number;
  readonly producer?: ProducerOptions;
  readonly pollMs?: number;
  /** How often a standby relay tries to take the lease (and how soon it takes over from a dead one). */
  readonly lockRetryMs?: number;
}

/**
 * Publishes the log to Kafka in its total order. One relay holds the lease at a time (an advisory lock, like the
 * projection runners); the checkpoint moves only after the broker acknowledged the batch (idempotent producer,
 * acks=all). A crash between the two publishes that batch again on restart: consumers drop what they have seen
 * by log position (`consumeOnce` of @dm/kafka).
 */
export const startRelay = (options: RelayOptions): Runner => {
  const { pool, eventStore, kafka } = options;
  const topics = options.topics ?? defaultRelayTopics;
  const batchSize = options.batchSize ?? relayBatchSize;
  const pollMs = options.pollMs ?? 500;
  const logger = options.logger.child({ runner: relayCheckpointName });
  const stopping = new AbortController();
  const idle = new IdleTracker(() => headOfLog(pool));

  const refused = (event: RefusedEvent) =>
    logger.error(
      { ...event, position: event.position.toString() },
      'public event refused by its schema; sent to the dead-letter topic',
    );

  /** A batch of the log from `from`, read and turned into its produce calls. */
  const prepare = (from: LogPosition) => {
    const prepared = (async () => {
      const events = await eventStore.readAll(from, batchSize);
      const stores = await storesOfEndedDiscounts(eventStore, events);
      return { events, sends: sendsOf(messagesOf(events, topics, stores, refused)) };
    })();
    prepared.catch(() => undefined); // awaited below, or dropped with the batch that failed
    return prepared;
  };

  const follow = async (lock: HeldLock, producer: KafkaProducer) => {
    const signal = AbortSignal.any([stopping.signal, lock.lost]);
    let at: LogPosition = (await ensureCheckpoint(pool, relayCheckpointName, relayVersion)).at;
    idle.advancedTo(at);
    let ahead: ReturnType<typeof prepare> | undefined;
    // The checkpoint of the batch the broker acknowledged last is stored while the next batch is on its way (and
    // awaited before the next one is stored). A crash before it is stored publishes that batch again, as one
    // before its send would.
    let checkpointed = Promise.resolve();
    const checkpoint = async (from: LogPosition, to: LogPosition) => {
      if (!(await storeCheckpoint(pool, relayCheckpointName, relayVersion, from, to))) {
        throw new CheckpointMovedError(relayCheckpointName);
      }
      idle.advancedTo(to);
    };
    try {
      while (!signal.aborted) {
        const { events, sends } = await (ahead ?? prepare(at));
        ahead = undefined;
        const last = events.at(-1);
        if (!last) {
          await checkpointed;
          await eventStore.waitForEvents(pollMs, signal);
          continue;
        }
        const to = { txId: last.txId, position: last.globalPosition };
        // The next batch is read and built while this one is on its way to the broker.
        if (events.length === batchSize) ahead = prepare(to);
        for (const send of sends) await producer.send(send);
        await checkpointed;
        checkpointed = checkpoint(at, to);
        checkpointed.catch(() => undefined); // awaited before the next one, or below
        at = to;
      }
      await checkpointed;
    } catch (error) {
      await checkpointed.catch(() => undefined);
      throw error;
    }
  };

  const running = runWhileElected({
    pool,
    key: relayCheckpointName,
    stopping: stopping.signal,
    retryMs: options.lockRetryMs ?? 2_000,
    logger,
    onStandby: () => void idle.standingBy(async () => (await readCheckpoint(pool, relayCheckpointName))?.at),
    whileElected: async (lock) => {
      logger.info('relay active');
      await kafka.ensureTopics(relayTopicList(topics));
      const producer = await kafka.producer(options.producer);
      try {
        await follow(lock, producer);
      } finally {
        await producer.close().catch(() => undefined);
      }
    },
  });

  return {
    name: relayCheckpointName,
    waitForIdle: () => idle.wait(),
    stop: async () => {
      stopping.abort();
      await running;
      idle.release();
    },
  };
};
