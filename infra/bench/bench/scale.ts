// `pnpm bench scale`: the log on Kafka. Relay throughput beside a raw ordered read of the same log and a bare
// producer of the same bytes, in one run against one real broker; then the lag from append to a consumer at
// 1,000 events/s. The machine's load average is printed with the figures (a shared machine moves them).
import os from 'node:os';
import { createPostgresEventStore } from '@dm/event-store';
import { kafkajsPort } from '@dm/kafka';
import { residentBytes, startKafka } from '@dm/kafka/testing';
import { relayBatchSize } from '@dm/projectors';
import { pino } from 'pino';
import { allOf, atLeast, below, figure, ratioAtLeast, reportBench, type Figure } from '../src/index';
import { startBenchDatabase } from './lib/bench-database';
import {
  loadStoreWork,
  measureBareProducer,
  measureLag,
  measureRelay,
  relayBatches,
  topicsFor,
  type RelaySettings,
} from './lib/kafka-scale';
import { measureReadAll } from './lib/projection-bench';

const logSize = Number(process.env.BENCH_LOG_EVENTS ?? 100_000);
const lagSeconds = Number(process.env.BENCH_LAG_SECONDS ?? 20);
const logger = pino({ level: 'warn' });
// The relay's defaults unless asked otherwise; the bare producer always runs with the same settings.
const settings: RelaySettings = {
  batchSize: Number(process.env.BENCH_RELAY_BATCH ?? relayBatchSize),
  producer: { compression: process.env.BENCH_COMPRESSION === 'gzip' ? 'gzip' : 'none' },
};
const setting = `batches of ${settings.batchSize}, compression ${settings.producer.compression}`;

const loadAtStart = os.loadavg()[0]!;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
console.log(`load average (1/5/15 min) at start: ${load()}`);
const kafka = await startKafka();
const brokerRss = residentBytes(kafka.pid) / 2 ** 20;
const db = await startBenchDatabase();
const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
const port = kafkajsPort({ brokers: kafka.brokers, clientId: 'bench-scale' });
const figures: Figure[] = [];
try {
  console.log(`broker started in ${kafka.startMs} ms, RSS ${brokerRss.toFixed(0)} MiB; loading ${logSize} events…`);
  await loadStoreWork(store, logSize);
  const readRate = (await measureReadAll(store)).rate;
  const bareTopics = topicsFor('bare');
  await port.ensureTopics([bareTopics.work, bareTopics.integration]);
  const { batches, events } = await relayBatches(store, bareTopics, settings);
  const producerRate = await measureBareProducer(port, batches, events, settings);
  const relayRate = await measureRelay(
    { pool: db.pool, store, kafka: port, logger },
    topicsFor('relay'),
    logSize,
    settings,
  );
  const slower = Math.min(readRate, producerRate);
  console.log(`load average after throughput: ${load()}; measuring lag for ${lagSeconds} s…`);
  const lag = await measureLag({ pool: db.pool, store, kafka: port, logger }, topicsFor('lag'), {
    perSecond: 1000,
    seconds: lagSeconds,
    settings,
  });
  figures.push(
    figure({
      name: 'broker start-up (JVM spawn to "Kafka Server started")',
      value: kafka.startMs,
      unit: 'ms',
      baseline: null,
      target: null,
    }),
    figure({
      name: 'broker resident memory after start (-Xmx512m)',
      value: brokerRss,
      unit: 'MiB',
      baseline: null,
      target: null,
    }),
    figure({
      name: `raw ordered read of the log (readAll, pages of 1000), ${logSize} events`,
      value: readRate,
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
    figure({
      name: `bare producer of the same bytes (kafkajs, idempotent, acks=all, ${setting})`,
      value: producerRate,
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
    figure({
      name: `relay, log → Kafka with checkpoints, ${setting} (against the slower of the two above)`,
      value: relayRate,
      unit: 'events/s',
      baseline: slower,
      target: allOf(atLeast(20_000, 'events/s'), ratioAtLeast(0.5, 'slower of read and bare producer')),
    }),
    figure({
      name: `lag run: events appended per second (asked 1000, for ${lagSeconds} s)`,
      value: lag.achievedRate,
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
    figure({
      name: 'lag run: events received of those appended',
      value: lag.received,
      unit: 'events',
      baseline: lag.sent,
      target: ratioAtLeast(1, 'appended'),
    }),
    figure({ name: 'lag append → consumer, p50', value: lag.p50, unit: 'ms', baseline: null, target: null }),
    figure({
      name: 'lag append → consumer, p99',
      value: lag.p99,
      unit: 'ms',
      baseline: null,
      target: below(500, 'ms'),
    }),
  );
  console.log(`load average at the end: ${load()}`);
  // On a shared machine the figures above mean little without these two.
  figures.push(
    figure({ name: 'load average (1 min) at start', value: loadAtStart, unit: 'load', baseline: null, target: null }),
    figure({
      name: 'load average (1 min) at the end',
      value: os.loadavg()[0]!,
      unit: 'load',
      baseline: null,
      target: null,
    }),
  );
} finally {
  await port.close();
  await store.close();
  await db.stop();
  await kafka.stop();
}
reportBench('scale', figures);
