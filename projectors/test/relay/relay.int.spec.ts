import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { consumeOnce, kafkaPortOf, type KafkaClient, type KafkaPort, type RunningConsumer } from '@dm/kafka';
import { confluentDirUnderTest, kafkaClientsUnderTest, startKafka, type StartedKafka } from '@dm/kafka/testing';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Runner } from '../../src/projection-runner';
import { startRelay } from '../../src/relay/relay';
import type { RelayTopics } from '../../src/relay/topics';
import { eventually } from '../fixtures/eventually';
import { appendDiscountStory } from './discount-story';
import { crashingBeforeCommit, stallingAfterSend } from './ports';

const logger = pino({ level: 'silent' });
let kafka: StartedKafka;
let db: TestDatabase;
let isSetUp = false;
let store: EventStore;
let port: KafkaPort;
let topics: RelayTopics;
const running: (Runner | RunningConsumer)[] = [];

beforeAll(async () => {
  kafka = await startKafka();
}, 180_000);
afterAll(() => kafka?.stop());
const setUp = async (client: KafkaClient, testId: string) => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
  port = kafkaPortOf(client, { brokers: kafka.brokers, clientId: 'relay-test', confluentDir: confluentDirUnderTest() });
  isSetUp = true;
  const suffix = testId.replace(/\W/g, '');
  topics = {
    work: { name: `work-${suffix}`, partitions: 3 },
    integration: { name: `public-${suffix}`, partitions: 2 },
    deadLetter: { name: `dead-letter-${suffix}`, partitions: 1 },
  };
  // Consumers may start before the relay: the topics are there first, as in a deployment.
  await port.ensureTopics([topics.work, topics.integration, topics.deadLetter]);
  await db.pool.query(
    'CREATE TABLE public.effects (topic text, key text, event_id uuid, type text, tx_id bigint, position bigint, body jsonb)',
  );
};
afterEach(async () => {
  if (!isSetUp) return;
  await Promise.all(running.splice(0).map((r) => r.stop()));
  await port.close();
  await store.close();
  await db.drop();
  isSetUp = false;
});

const relay = (kafkaPort: KafkaPort, batchSize = 1000) => {
  const runner = startRelay({
    pool: db.pool,
    eventStore: store,
    kafka: kafkaPort,
    logger,
    topics,
    batchSize,
    pollMs: 50,
    lockRetryMs: 100,
  });
  running.push(runner);
  return runner;
};

/** A consumer whose one effect per message is a row: a message applied twice would show as two rows. */
const consumer = async (kafkaPort: KafkaPort, groupId: string, names = [topics.work.name, topics.integration.name]) => {
  running.push(
    await consumeOnce({
      kafka: kafkaPort,
      pool: db.pool,
      groupId,
      topics: names,
      handle: async (tx, m) => {
        await tx.query('INSERT INTO public.effects VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          m.topic,
          m.key,
          m.headers['dm-event-id'],
          m.headers['dm-type'],
          m.headers['dm-tx-id'],
          m.headers['dm-position'],
          m.value,
        ]);
      },
    }),
  );
};

const effects = async () =>
  (
    await db.pool.query<{ topic: string; key: string; event_id: string; type: string; body: Record<string, unknown> }>(
      'SELECT topic, key, event_id, type, body FROM public.effects ORDER BY tx_id, position',
    )
  ).rows;
const countOf = async () => (await effects()).length;

const schemaDir = path.join(import.meta.dirname, '..', '..', '..', 'events', 'integration-schemas');

describe.each(kafkaClientsUnderTest())('The relay with $client', ({ client, skip }) => {
  beforeEach(async (context) => {
    if (!skip) await setUp(client, context.task.id);
  });

  it.skipIf(skip)(
    'publishes each store copy on the work topic in log order and the public events under their committed schemas',
    async () => {
      const story = await appendDiscountStory(store, [7, 8]);
      relay(port);
      await consumer(port, 'all-of-it');
      await eventually(async () => (await countOf()) >= story.workMessages + story.publicEvents);

      const rows = await effects();
      const work = rows.filter((r) => r.topic === topics.work.name);
      const storeTypes = (key: string) => work.filter((r) => r.key === key).map((r) => r.type);
      expect(storeTypes('store:7')).toEqual([
        'DiscountCreated',
        'DiscountDeploymentRequested',
        'DiscountDeployed',
        'DiscountCodesAdded',
        'DiscountCodeDeleted',
        'DiscountEnded',
        'CodeSyncCompleted',
      ]);
      expect(storeTypes('store:8')).toEqual([
        'DiscountCreated',
        'DiscountDeploymentRequested',
        'DiscountDeployed',
        'DiscountCodesAdded',
        'DiscountCodeDeleted',
        'DiscountEnded',
      ]);
      expect(work.every((r) => r.body.storeId === Number(r.key.slice('store:'.length)))).toBe(true);

      const published = rows.filter((r) => r.topic === topics.integration.name);
      expect(published.map((r) => r.type).sort()).toEqual(
        [
          'CodeSyncCompleted',
          'DiscountCodeDeleted',
          'DiscountCodesAdded',
          'DiscountCreated',
          'DiscountDeployed',
          'DiscountDeployed',
          'DiscountEnded',
        ].sort(),
      );
      const ajv = new Ajv2020({ strict: false });
      addFormats(ajv);
      for (const row of published) {
        const schema = JSON.parse(readFileSync(path.join(schemaDir, `${row.type}.v1.json`), 'utf8')) as object;
        const valid = ajv.validate(schema, row.body);
        expect(valid, `${row.type}: ${ajv.errorsText()}`).toBe(true);
        expect(row.key).toBe(row.body.streamId);
      }
    },
  );

  it.skipIf(skip)(
    "publishes a batch of the log larger than the broker takes in one request (adds of 1,000 codes to one store's partition)",
    async () => {
      const discountId = randomUUID();
      const adds = Array.from({ length: 20 }, (_, a) => ({
        type: 'DiscountCodesAdded',
        data: {
          discountId,
          brandId: 1,
          codes: Array.from({ length: 1000 }, (_, i) => ({
            codeId: randomUUID(),
            code: `BIG-BATCH-${a}-${i}`,
          })),
          storeIds: [7],
          savedLocally: false,
          influencerName: null,
          addedBy: { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' },
          addedAt: new Date(0).toISOString(),
        },
      }));
      await store.append(`discount-codes-${discountId}`, adds, { expected: 'no_stream' });
      relay(port);
      await consumer(port, 'big');
      // One copy per add on the work topic and one public event each: 20 + 20.
      await eventually(async () => (await countOf()) >= 40, 60_000);
      const rows = await effects();
      expect(rows.filter((r) => r.topic === topics.work.name).map((r) => r.key)).toEqual(
        Array.from({ length: 20 }, () => 'store:7'),
      );
      expect(rows).toHaveLength(40);
    },
  );

  it.skipIf(skip)(
    'puts a public event its schema refuses on the dead-letter topic and goes on with the log (decision 1545)',
    async () => {
      const discountId = randomUUID();
      const addedBy = { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' };
      const added = (code: string, codeId: string) => ({
        type: 'DiscountCodesAdded',
        data: {
          discountId,
          brandId: 1,
          codes: [{ codeId, code }],
          storeIds: [7],
          savedLocally: false,
          influencerName: null,
          addedBy,
          addedAt: new Date(0).toISOString(),
        },
      });
      await store.append(`discount-codes-${discountId}`, [added('POISON', 'not-a-uuid')], { expected: 'no_stream' });
      await store.append(`discount-codes-${discountId}`, [added('AFTER', randomUUID())], { expected: 'any' });
      relay(port);
      await consumer(port, 'with-dead-letters', [topics.work.name, topics.integration.name, topics.deadLetter.name]);
      await eventually(async () => (await countOf()) >= 4, 60_000);
      const rows = await effects();
      const codeOf = (r: (typeof rows)[number]) =>
        JSON.stringify(r.body).includes('POISON') ? 'POISON' : JSON.stringify(r.body).includes('AFTER') ? 'AFTER' : '?';
      // The same position's messages on two topics come in either order.
      expect(rows.map((r) => `${codeOf(r)} on ${r.topic}`).sort()).toEqual(
        [
          `AFTER on ${topics.integration.name}`,
          `AFTER on ${topics.work.name}`,
          `POISON on ${topics.deadLetter.name}`,
          `POISON on ${topics.work.name}`,
        ].sort(),
      );
      const letter = rows.find((r) => r.topic === topics.deadLetter.name)!;
      expect(String(letter.body.reason)).toMatch(/codeId/);
    },
  );

  it.skipIf(skip)(
    'loses and doubles nothing when the relay dies after the broker took a batch and another takes over',
    async () => {
      const story = await appendDiscountStory(store, [7, 8]);
      const dying = stallingAfterSend(port);
      relay(dying.port, 4);
      await eventually(dying.isStalled);
      const successor = relay(port, 4);
      // The first relay's process "dies": its lease connection is gone, as when the process is killed.
      await db.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      await successor.waitForIdle();
      dying.resume(); // its late checkpoint write is refused: the successor moved the checkpoint

      // Every message the broker holds, duplicates included, as a consumer without dedup would see them.
      const raw = { n: 0 };
      running.push(
        await port.consume({
          groupId: 'raw',
          topics: [topics.work.name, topics.integration.name],
          handleBatch: async (m) => void (raw.n += m.length),
        }),
      );
      await consumer(port, 'once');
      const expected = story.workMessages + story.publicEvents;
      await eventually(async () => raw.n > expected && (await countOf()) >= expected);
      await successor.waitForIdle();
      const rows = await effects();
      expect(rows).toHaveLength(expected);
      expect(new Set(rows.map((r) => `${r.topic}/${r.key}/${r.event_id}`)).size).toBe(expected);
    },
  );

  it.skipIf(skip)(
    'applies a batch once when the consumer crashes after its writes and before committing the offset',
    async () => {
      const story = await appendDiscountStory(store, [7, 8]);
      relay(port);
      const crashing = crashingBeforeCommit(port);
      await consumer(crashing.port, 'crashy');
      const expected = story.workMessages + story.publicEvents;
      await eventually(async () => (await countOf()) >= expected);
      // Every partition that crashed got its batch again, and handled it.
      await eventually(() => crashing.crashes() > 0 && crashing.redeliveries() === crashing.crashes());
      const rows = await effects();
      expect(rows).toHaveLength(expected);
      expect(new Set(rows.map((r) => `${r.topic}/${r.key}/${r.event_id}`)).size).toBe(expected);
    },
  );
});
