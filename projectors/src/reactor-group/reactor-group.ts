import { setMaxListeners } from 'node:events';
import type { EventStore } from '@dm/event-store';
import {
  deliveryMarkOf,
  isAfter,
  readConsumedMark,
  type ConsumedMessage,
  type KafkaPort,
  type PartitionOf,
  type RunningConsumer,
} from '@dm/kafka';
import type pg from 'pg';
import type { Logger } from 'pino';
import { exponentialBackoff, sleep, type Backoff } from '../backoff';
import { coalescedAppends } from '../coalesced-appends';
import type { Reactor } from '../define-reactor';
import { performEffect, type EffectResolution } from '../perform-effect';
import { defaultRelayTopics, type RelayTopics } from '../relay/topics';
import { runBatchEffects, type BatchJob } from './batch-effects';
import { markWriter } from './mark-writer';
import { Slots } from './slots';
import { typeOf, workItemOf } from './work-message';

/** One consumer group per reactor (decision 1500): each reactor keeps its own place and pace in the topic. */
export const reactorGroupId = (reactorName: string): string => `dm.reactor.${reactorName}`;

export interface ReactorGroupOptions {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  readonly reactor: Reactor<unknown, unknown>;
  readonly kafka: KafkaPort;
  readonly logger: Logger;
  readonly workTopic?: RelayTopics['work'];
  /** Between attempts of one effect (production: 1 s → 60 s). */
  readonly effectBackoff?: Backoff;
  /** Between attempts at a batch that failed on our side (the database, say): 1 s → 30 s. */
  readonly backoff?: Backoff;
  /** How soon a dead member's partitions go to the others (decision 1500: 6 s, the broker's least). */
  readonly sessionTimeoutMs?: number;
  readonly heartbeatIntervalMs?: number;
  readonly onEffect?: (effect: { key: string; storeId: number; resolution: EffectResolution }) => void;
}

class Revoked extends Error {
  constructor() {
    super('The partition went to another member before its batch was done');
    this.name = 'Revoked';
  }
}

/** Effects in flight at most listen for the revocation at once, per partition. */
const maxListeners = 2_100;

/**
 * Runs one reactor as a member of its consumer group over the store-keyed work topic: each partition's messages in
 * offset order, effects in lanes as over the log, at most `reactor.concurrency` at once in this process; each
 * effect through `performEffect`, so a redelivery does nothing twice. The high-water mark follows the decided
 * prefix, and the offset is committed once the whole batch is decided (at-least-once delivery, exactly-once
 * effects). A message is one store's copy of an event: only the effects on that store are taken from it.
 */
export const startReactorGroup = async (options: ReactorGroupOptions): Promise<RunningConsumer> => {
  const { pool, eventStore, reactor } = options;
  const storeOf = reactor.storeOf?.bind(reactor);
  if (!storeOf) throw new Error(`Reactor ${reactor.name} does not say which store an effect acts on (storeOf).`);
  const group = reactorGroupId(reactor.name);
  const workTopic = options.workTopic ?? defaultRelayTopics.work;
  const logger = options.logger.child({ reactor: reactor.name, group });
  const types = reactor.eventTypes ? new Set(reactor.eventTypes) : undefined;
  const slots = new Slots(reactor.laneOf ? (reactor.concurrency ?? 8) : 1);
  const backoff = options.backoff ?? exponentialBackoff({ initialMs: 1_000, maxMs: 30_000 });
  const effectBackoff = options.effectBackoff ?? exponentialBackoff({ initialMs: 1_000, maxMs: 60_000 });
  const appendAny = coalescedAppends(eventStore);

  const jobsOf = async (pending: readonly ConsumedMessage[]): Promise<BatchJob[]> => {
    const asked = await Promise.all(
      pending.map(async (message, index) => {
        const type = typeOf(message);
        if (types && (!type || !types.has(type))) return [];
        const { storeId, event } = workItemOf(message);
        const effects = (await reactor.effectsOf(event)).filter((effect) => storeOf(effect) === storeId);
        return effects.map((effect) => ({ index, lane: reactor.laneOf?.(effect) ?? '', effect, event }));
      }),
    );
    return asked.flat();
  };

  /** The batch from the partition's high-water mark on; resolves once every message of it is decided. */
  const handleFrom = async (messages: readonly ConsumedMessage[], at: PartitionOf, revoked: AbortSignal) => {
    const mark = await readConsumedMark(pool, at);
    const pending = mark ? messages.filter((m) => isAfter(deliveryMarkOf(m.headers), mark)) : messages;
    if (pending.length === 0) return;
    const jobs = await jobsOf(pending);
    const marks = markWriter(pool, at);
    let decided = -1;
    // This batch began after the partition came to this member: its member before stopped (decision 1543).
    const heldSince = Date.now();
    const ctx = { eventStore, appendAny, logger, backoff: effectBackoff, signal: revoked, heldSince };
    try {
      await runBatchEffects({
        messages: pending.length,
        jobs,
        slots,
        signal: revoked,
        perform: async (job) => {
          const resolution = await performEffect(reactor, job.effect, job.event, ctx);
          const storeId = storeOf(job.effect);
          logger.debug({ key: job.effect.key, storeId, resolution }, 'effect decided');
          options.onEffect?.({ key: job.effect.key, storeId, resolution });
        },
        onSettled: (through) => {
          decided = through;
          marks.settle(deliveryMarkOf(pending[through]!.headers));
        },
      });
    } finally {
      await marks.flush();
    }
    if (decided < pending.length - 1) throw new Revoked();
  };

  const handleBatch = async (messages: readonly ConsumedMessage[], { revoked }: { revoked: AbortSignal }) => {
    const first = messages[0];
    if (!first) return;
    setMaxListeners(maxListeners, revoked);
    const at: PartitionOf = { group, topic: first.topic, partition: first.partition };
    for (let failures = 1; ; failures += 1) {
      if (revoked.aborted) throw new Revoked();
      try {
        await handleFrom(messages, at, revoked);
        return;
      } catch (error) {
        if (revoked.aborted) throw error;
        const delayMs = backoff(failures);
        logger.error({ err: error, partition: at.partition, failures, delayMs }, 'reactor batch failed; retrying');
        await sleep(delayMs, revoked);
      }
    }
  };

  await options.kafka.ensureTopics([workTopic]);
  const consumer = await options.kafka.consume({
    groupId: group,
    topics: [workTopic.name],
    handleBatch,
    sessionTimeoutMs: options.sessionTimeoutMs ?? 6_000,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 1_000,
    partitionsConcurrently: workTopic.partitions,
    onAssigned: (assignment) => logger.info({ partitions: assignment[workTopic.name] ?? [] }, 'partitions assigned'),
    onError: (err) => logger.error({ err }, 'consumer crashed'),
  });
  logger.info('member of the group');
  return consumer;
};
