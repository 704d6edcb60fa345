import { logStart, type EventStore, type LogPosition, type RecordedEvent } from '@dm/event-store';
import type { KafkaPort, ProducerOptions, TopicBatch } from '@dm/kafka';
import { defaultRelayTopics, messagesOf, startRelay, type RelayTopics } from '@dm/projectors';
import type pg from 'pg';
import type { Logger } from 'pino';
import { percentile } from '../../src/index';

export const storeCount = 30;

/** `count` store-work events (a deployment request each, spread over `storeCount` stores), in appends of 500. */
export const loadStoreWork = async (store: EventStore, count: number): Promise<void> => {
  for (let start = 0; start < count; start += 500) {
    const events = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      type: 'DiscountDeploymentRequested',
      data: {
        discountId: '6a1f0c1e-7b43-4f5e-9a0d-2c3b4d5e6f70',
        storeId: ((start + i) % storeCount) + 1,
        attempt: start + i + 1,
        requestedAt: '2026-11-28T00:00:00.000Z',
      },
      metadata: { actorId: 'bench', correlationId: 'bench' },
    }));
    await store.append(`bench-work-${start}`, events, { expected: 'no_stream' });
  }
};

export const topicsFor = (name: string): RelayTopics => ({
  work: { ...defaultRelayTopics.work, name: `bench-${name}-work` },
  integration: { ...defaultRelayTopics.integration, name: `bench-${name}-public` },
  deadLetter: { ...defaultRelayTopics.deadLetter, name: `bench-${name}-dead-letter` },
});

const perSecond = (count: number, startedMs: number) => count / ((performance.now() - startedMs) / 1000);

/** The relay's settings, the same for the bare producer (equal terms). */
export interface RelaySettings {
  readonly batchSize: number;
  readonly producer: ProducerOptions;
}

/** The log read into memory as the relay would send it, batch by batch (pages of the relay's batch size). */
export const relayBatches = async (
  store: EventStore,
  topics: RelayTopics,
  settings: RelaySettings,
): Promise<{ batches: TopicBatch[][]; events: number }> => {
  const batches: TopicBatch[][] = [];
  let at: LogPosition = logStart;
  let events = 0;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll(at, settings.batchSize);
    const last = page.at(-1);
    if (!last) return { batches, events };
    batches.push(messagesOf(page, topics));
    events += page.length;
    at = { txId: last.txId, position: last.globalPosition };
  }
};

/** A bare producer of exactly the relay's bytes, batch after batch, nothing read from PostgreSQL meanwhile. */
export const measureBareProducer = async (
  kafka: KafkaPort,
  batches: readonly TopicBatch[][],
  events: number,
  settings: RelaySettings,
) => {
  const producer = await kafka.producer(settings.producer);
  try {
    const started = performance.now();
    for (const batch of batches) await producer.send(batch);
    return perSecond(events, started);
  } finally {
    await producer.close();
  }
};

export const measureRelay = async (
  deps: { pool: pg.Pool; store: EventStore; kafka: KafkaPort; logger: Logger },
  topics: RelayTopics,
  events: number,
  settings: RelaySettings,
) => {
  await deps.kafka.ensureTopics([topics.work, topics.integration]);
  const started = performance.now();
  const relay = startRelay({
    pool: deps.pool,
    eventStore: deps.store,
    kafka: deps.kafka,
    logger: deps.logger,
    topics,
    ...settings,
  });
  await relay.waitForIdle();
  const rate = perSecond(events, started);
  await relay.stop();
  return rate;
};

/**
 * Appends at `perSecond` (appends of 10 events every 10 ms) for `seconds`, with the relay and a consumer of the
 * work topic running: for each event, the time from just before its append to its arrival at the consumer.
 */
export const measureLag = async (
  deps: { pool: pg.Pool; store: EventStore; kafka: KafkaPort; logger: Logger },
  topics: RelayTopics,
  options: { perSecond: number; seconds: number; settings: RelaySettings },
) => {
  await deps.kafka.ensureTopics([topics.work, topics.integration]);
  const lags: number[] = [];
  const consumer = await deps.kafka.consume({
    groupId: `${topics.work.name}-lag`,
    topics: [topics.work.name],
    handleBatch: async (messages) => {
      const now = Date.now();
      for (const m of messages) {
        const sent = (JSON.parse(m.value) as { metadata: { sentAt?: number } }).metadata.sentAt;
        if (sent !== undefined) lags.push(now - sent);
      }
    },
  });
  const relay = startRelay({
    pool: deps.pool,
    eventStore: deps.store,
    kafka: deps.kafka,
    logger: deps.logger,
    topics,
    pollMs: 50,
    ...options.settings,
  });
  const perAppend = 10;
  const appends = (options.perSecond * options.seconds) / perAppend;
  const intervalMs = (1000 * perAppend) / options.perSecond;
  const started = Date.now();
  for (let n = 0; n < appends; n += 1) {
    const wait = started + n * intervalMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = Date.now();
    await deps.store.append(
      `${topics.work.name}-${n}`,
      Array.from({ length: perAppend }, (_, i) => ({
        type: 'DiscountDeploymentRequested',
        data: {
          discountId: '6a1f0c1e-7b43-4f5e-9a0d-2c3b4d5e6f70',
          storeId: (i % storeCount) + 1,
          attempt: 1,
          requestedAt: '2026-11-28T00:00:00.000Z',
        },
        metadata: { sentAt },
      })),
      { expected: 'no_stream' },
    );
  }
  const achievedRate = (appends * perAppend) / ((Date.now() - started) / 1000);
  const deadline = Date.now() + 30_000;
  while (lags.length < appends * perAppend && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await relay.stop();
  await consumer.stop();
  const sorted = [...lags].sort((a, b) => a - b);
  return {
    received: lags.length,
    sent: appends * perAppend,
    achievedRate,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
};
