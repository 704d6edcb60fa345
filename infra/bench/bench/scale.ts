// `pnpm bench scale`: the log on Kafka. Relay throughput beside a raw ordered read of the same log and a bare
// producer of the same bytes, in one run against one real broker; then the lag from append to a consumer at
// 1,000 events/s. Each Kafka client (kafkajs; @confluentinc/kafka-javascript when scripts/confluent-install.sh has
// built it, or as BENCH_KAFKA_CLIENTS says) is measured in the same run, beside its own bare producer (decision
// 1490). The machine's load average is printed and recorded beside each client's figures. Then the reactor workers
// (decision 1500): a push of 10,000 codes to 30 emulated stores by 1 worker and by 3, and the takeover after a
// worker's SIGKILL, after the HTTP command path beside a bare Fastify route (BENCH_SCALE=workers runs only the
// workers' rows; BENCH_SCALE=relay only the rows before the HTTP path).
import os from 'node:os';
import { createPostgresEventStore } from '@dm/event-store';
import { confluentBuilt, kafkaClientFromEnv, kafkaPortOf, type KafkaClient, type KafkaPort } from '@dm/kafka';
import { confluentDirUnderTest, residentBytes, startKafka } from '@dm/kafka/testing';
import { relayBatchSize } from '@dm/projectors';
import { pino } from 'pino';
import { figure, reportBench, type Figure } from '../src/index';
import { startBenchDatabase } from './lib/bench-database';
import { httpCommandPathFigures, measureHttpCommandPath } from './lib/http-command-path';
import { clientFigures, clientRatioFigures, type ClientRun } from './lib/kafka-client-figures';
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
import { workerFigures } from './lib/worker-figures';

const logSize = Number(process.env.BENCH_LOG_EVENTS ?? 100_000);
const lagSeconds = Number(process.env.BENCH_LAG_SECONDS ?? 20);
const logger = pino({ level: 'warn' });
// The relay's defaults unless asked otherwise; the bare producer always runs with the same settings.
const settings: RelaySettings = {
  batchSize: Number(process.env.BENCH_RELAY_BATCH ?? relayBatchSize),
  producer: { compression: process.env.BENCH_COMPRESSION === 'gzip' ? 'gzip' : 'none' },
};
const clients: KafkaClient[] = process.env.BENCH_KAFKA_CLIENTS
  ? process.env.BENCH_KAFKA_CLIENTS.split(',').map((c) => kafkaClientFromEnv(c.trim()))
  : confluentBuilt(confluentDirUnderTest())
    ? ['kafkajs', 'confluent']
    : ['kafkajs'];
if (!clients.includes('confluent'))
  console.log('@confluentinc/kafka-javascript not measured: run scripts/confluent-install.sh to build it.');

const only = process.env.BENCH_SCALE;
if (only === 'workers') {
  reportBench('scale-workers', await workerFigures());
  process.exit(0);
}

const load1 = () => os.loadavg()[0]!;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const loadAtStart = load1();
console.log(`load average (1/5/15 min) at start: ${load()}; clients: ${clients.join(', ')}`);
const kafka = await startKafka();
const brokerRss = residentBytes(kafka.pid) / 2 ** 20;
const db = await startBenchDatabase();
const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
const ports = new Map<KafkaClient, KafkaPort>(
  clients.map((c) => [
    c,
    kafkaPortOf(c, { brokers: kafka.brokers, clientId: `bench-scale-${c}`, confluentDir: confluentDirUnderTest() }),
  ]),
);
const figures: Figure[] = [];
try {
  console.log(`broker started in ${kafka.startMs} ms, RSS ${brokerRss.toFixed(0)} MiB; loading ${logSize} events…`);
  await loadStoreWork(store, logSize);
  const readRate = (await measureReadAll(store)).rate;
  const runs: ClientRun[] = [];
  // Throughput first for every client, each relay from the start of the same log (its checkpoint reset)…
  for (const client of clients) {
    const port = ports.get(client)!;
    const loadBefore = load1();
    const bareTopics = topicsFor(`bare-${client}`);
    await port.ensureTopics([bareTopics.work, bareTopics.integration]);
    const { batches, events } = await relayBatches(store, bareTopics, settings);
    const producerRate = await measureBareProducer(port, batches, events, settings);
    await db.pool.query(`DELETE FROM es.checkpoints WHERE name = 'relay:kafka'`);
    const deps = { pool: db.pool, store, kafka: port, logger };
    const relayRate = await measureRelay(deps, topicsFor(`relay-${client}`), logSize, settings);
    console.log(`${client}: bare ${producerRate.toFixed(0)}/s, relay ${relayRate.toFixed(0)}/s; load ${load()}`);
    runs.push({ client, producerRate, relayRate, loadBefore, loadAfter: load1(), lag: undefined });
  }
  // …then the lag runs, each relaying only what it appends (the checkpoint is at the end of the log).
  for (const run of runs) {
    const loadBefore = load1();
    console.log(`${run.client}: measuring lag for ${lagSeconds} s (load ${load()})…`);
    const deps = { pool: db.pool, store, kafka: ports.get(run.client)!, logger };
    const lag = await measureLag(deps, topicsFor(`lag-${run.client}`), {
      perSecond: 1000,
      seconds: lagSeconds,
      settings,
    });
    run.lag = { ...lag, loadBefore, loadAfter: load1() };
  }
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
    ...runs.flatMap((run) => clientFigures(run, { readRate, settings, lagSeconds })),
    ...clientRatioFigures(runs),
    figure({ name: 'load average (1 min) at start', value: loadAtStart, unit: 'load', baseline: null, target: null }),
    figure({ name: 'load average (1 min) at the end', value: load1(), unit: 'load', baseline: null, target: null }),
  );
  console.log(`load average at the end: ${load()}`);
} finally {
  await Promise.all([...ports.values()].map((p) => p.close()));
  await store.close();
  await db.stop();
  await kafka.stop();
}
if (only !== 'relay') {
  // The HTTP command path beside a bare Fastify route (issue 23 lists it here too), on a database of its own.
  const httpDb = await startBenchDatabase();
  try {
    const timing = { seconds: Number(process.env.BENCH_HTTP_SECONDS ?? 5), rounds: 3 };
    figures.push(
      ...httpCommandPathFigures(
        await measureHttpCommandPath(httpDb.url, { ...timing, duration: timing.seconds }),
        timing,
      ),
    );
  } finally {
    await httpDb.stop();
  }
  figures.push(...(await workerFigures()));
}
reportBench(only === 'relay' ? 'scale-relay' : 'scale', figures);
