import type { KafkaClient } from '@dm/kafka';
import { allOf, atLeast, below, figure, ratioAtLeast, type Figure } from '../../src/index';
import type { RelaySettings } from './kafka-scale';

/** One client's measurements in `pnpm bench scale`, with the machine's 1-minute load average around each. */
export interface ClientRun {
  readonly client: KafkaClient;
  readonly producerRate: number;
  readonly relayRate: number;
  readonly loadBefore: number;
  readonly loadAfter: number;
  lag:
    | {
        readonly received: number;
        readonly sent: number;
        readonly achievedRate: number;
        readonly p50: number;
        readonly p99: number;
        readonly loadBefore: number;
        readonly loadAfter: number;
      }
    | undefined;
}

const libraryOf = (client: KafkaClient) => (client === 'confluent' ? '@confluentinc/kafka-javascript' : 'kafkajs');
const loads = (before: number, after: number) => `load ${before.toFixed(1)} → ${after.toFixed(1)}`;

export const clientFigures = (
  run: ClientRun,
  context: { readRate: number; settings: RelaySettings; lagSeconds: number },
): Figure[] => {
  const setting = `batches of ${context.settings.batchSize}, compression ${context.settings.producer.compression}`;
  const library = libraryOf(run.client);
  const throughputLoad = loads(run.loadBefore, run.loadAfter);
  const figures = [
    figure({
      name: `${library}: bare producer of the same bytes (idempotent, acks=all, ${setting}; ${throughputLoad})`,
      value: run.producerRate,
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
    figure({
      name: `${library}: relay, log → Kafka with checkpoints, ${setting} (against the slower of the read and its own bare producer; ${throughputLoad})`,
      value: run.relayRate,
      unit: 'events/s',
      baseline: Math.min(context.readRate, run.producerRate),
      target: allOf(atLeast(20_000, 'events/s'), ratioAtLeast(0.5, 'slower of read and bare producer')),
    }),
  ];
  const { lag } = run;
  if (!lag) return figures;
  const lagLoad = loads(lag.loadBefore, lag.loadAfter);
  return [
    ...figures,
    figure({
      name: `${library}: lag run, events appended per second (asked 1000, for ${context.lagSeconds} s; ${lagLoad})`,
      value: lag.achievedRate,
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
    figure({
      name: `${library}: lag run, events received of those appended`,
      value: lag.received,
      unit: 'events',
      baseline: lag.sent,
      target: ratioAtLeast(1, 'appended'),
    }),
    figure({
      name: `${library}: lag append → consumer, p50`,
      value: lag.p50,
      unit: 'ms',
      baseline: null,
      target: null,
    }),
    figure({
      name: `${library}: lag append → consumer, p99 (${lagLoad})`,
      value: lag.p99,
      unit: 'ms',
      baseline: null,
      target: below(500, 'ms'),
    }),
  ];
};

/** What the choice of client rests on: confluent against kafkajs, in the same run on the same machine. */
export const clientRatioFigures = (runs: readonly ClientRun[]): Figure[] => {
  const kafkajs = runs.find((r) => r.client === 'kafkajs');
  const confluent = runs.find((r) => r.client === 'confluent');
  if (!kafkajs || !confluent) return [];
  return [
    figure({
      name: '@confluentinc/kafka-javascript bare producer against kafkajs bare producer (same run)',
      value: confluent.producerRate,
      unit: 'events/s',
      baseline: kafkajs.producerRate,
      target: null,
    }),
    figure({
      name: '@confluentinc/kafka-javascript relay against kafkajs relay (same run)',
      value: confluent.relayRate,
      unit: 'events/s',
      baseline: kafkajs.relayRate,
      target: null,
    }),
  ];
};
