import { detectDockerEngine } from '@dm/postgres/docker-engine';
import { KafkaContainer, type StartedKafkaContainer } from '@testcontainers/kafka';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kafkaPortOf } from '../src/index';
import type { ConsumedMessage } from '../src/port';

// Our Kafka port against a broker in a container (testcontainers' module, Confluent's KRaft image of Apache Kafka
// 4.1): what `broker.int.spec.ts` checks against the broker run from Maven Central's artifacts. Only in
// `pnpm test:docker`; it fails there when no engine is reachable. Never run on the project's own machines.
const image = process.env.KAFKA_IMAGE ?? 'confluentinc/cp-kafka:8.1.0';

let container: StartedKafkaContainer;
let brokers: string[];
beforeAll(async () => {
  const engine = await detectDockerEngine();
  if (!engine.reachable) throw new Error(`The Kafka container suite needs a Docker engine: ${engine.reason}`);
  container = await new KafkaContainer(image).withKraft().start();
  brokers = [`${container.getHost()}:${container.getMappedPort(9093)}`];
}, 240_000);
afterAll(async () => {
  await container?.stop();
});

it('takes an idempotent batch and hands it to a consumer group, one key in the order sent', async () => {
  const port = kafkaPortOf('kafkajs', { brokers, clientId: 'broker-docker-test', confluentDir: '' });
  try {
    await port.ensureTopics([{ name: 'greetings', partitions: 2 }]);
    const producer = await port.producer();
    const messages = Array.from({ length: 50 }, (_, i) => ({
      key: `k${i % 5}`,
      value: JSON.stringify({ i }),
      headers: { n: String(i) },
    }));
    await producer.send([{ topic: 'greetings', messages }]);
    const seen: ConsumedMessage[] = [];
    let all!: () => void;
    const done = new Promise<void>((resolve) => (all = resolve));
    const consumer = await port.consume({
      groupId: 'greeters',
      topics: ['greetings'],
      handleBatch: async (batch) => {
        seen.push(...batch);
        if (seen.length === messages.length) all();
      },
    });
    await done;
    await consumer.stop();
    expect(seen.map((m) => Number(m.headers.n)).sort((a, b) => a - b)).toEqual(messages.map((_, i) => i));
    const ofKey = (key: string) => seen.filter((m) => m.key === key).map((m) => Number(m.headers.n));
    for (const key of ['k0', 'k1', 'k2', 'k3', 'k4']) expect(ofKey(key)).toEqual([...ofKey(key)].sort((a, b) => a - b));
  } finally {
    await port.close();
  }
});
