import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confluentDirUnderTest,
  kafkaClientsUnderTest,
  residentBytes,
  startKafka,
  type StartedKafka,
} from '../src/testing/index';
import { kafkaPortOf } from '../src/index';
import type { ConsumedMessage } from '../src/port';

let kafka: StartedKafka;
beforeAll(async () => {
  kafka = await startKafka();
}, 180_000);
afterAll(() => kafka?.stop());

describe.each(kafkaClientsUnderTest())('the broker and the $client port', ({ client, skip }) => {
  it.skipIf(skip)(
    'starts a broker that takes an idempotent batch and hands it to a consumer group in order',
    async () => {
      expect(residentBytes(kafka.pid)).toBeGreaterThan(0);
      const port = kafkaPortOf(client, {
        brokers: kafka.brokers,
        clientId: 'broker-test',
        confluentDir: confluentDirUnderTest(),
      });
      try {
        await port.ensureTopics([{ name: `greetings-${client}`, partitions: 2 }]);
        const producer = await port.producer();
        const messages = Array.from({ length: 50 }, (_, i) => ({
          key: `k${i % 5}`,
          value: JSON.stringify({ i }),
          headers: { n: String(i) },
        }));
        await producer.send([{ topic: `greetings-${client}`, messages }]);
        const seen: ConsumedMessage[] = [];
        let all!: () => void;
        const done = new Promise<void>((resolve) => (all = resolve));
        const consumer = await port.consume({
          groupId: `greeters-${client}`,
          topics: [`greetings-${client}`],
          handleBatch: async (batch) => {
            seen.push(...batch);
            if (seen.length === messages.length) all();
          },
        });
        await done;
        await consumer.stop();
        expect(seen.map((m) => Number(m.headers.n)).sort((a, b) => a - b)).toEqual(messages.map((_, i) => i));
        // One key's messages stay in the order sent.
        const ofKey = (key: string) => seen.filter((m) => m.key === key).map((m) => Number(m.headers.n));
        for (const key of ['k0', 'k1', 'k2', 'k3', 'k4'])
          expect(ofKey(key)).toEqual([...ofKey(key)].sort((a, b) => a - b));
      } finally {
        await port.close();
      }
    },
  );
});
