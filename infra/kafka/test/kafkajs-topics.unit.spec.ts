import type { Admin } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { createMissingTopics } from '../src/kafkajs-topics';

const unknownTopic = Object.assign(new Error('This server does not host this topic-partition'), {
  type: 'UNKNOWN_TOPIC_OR_PARTITION',
});

/** An admin whose answers are scripted: what kafkajs' client gave against a KRaft broker under load. */
const scriptedAdmin = (creation: () => Promise<boolean>, metadata: (() => unknown)[]) => {
  const asked: string[][] = [];
  const admin = {
    listTopics: async () => ['existing'],
    createTopics: creation,
    fetchTopicMetadata: async ({ topics }: { topics: string[] }) => {
      asked.push(topics);
      const next = metadata.shift();
      if (!next) throw new Error('asked once too often');
      return next();
    },
  } as unknown as Admin;
  return { admin, asked };
};
const led = (leader: number) => ({ topics: [{ name: 'work', partitions: [{ partitionId: 0, leader }] }] });

describe('When kafkajs gives up waiting for a created topic because the broker does not know it yet', () => {
  it('should wait for the leaders itself, asking again after "unknown topic" and "no leader" answers', async () => {
    const { admin, asked } = scriptedAdmin(
      async () => Promise.reject(unknownTopic),
      [() => Promise.reject(unknownTopic), () => led(-1), () => led(1)],
    );
    await createMissingTopics(admin, [
      { name: 'existing', partitions: 1 },
      { name: 'work', partitions: 1 },
    ]);
    expect(asked).toEqual([['work'], ['work'], ['work']]);
  });

  it('should pass any other refusal on', async () => {
    const refused = Object.assign(new Error('not allowed'), { type: 'TOPIC_AUTHORIZATION_FAILED' });
    const { admin } = scriptedAdmin(async () => Promise.reject(refused), []);
    await expect(createMissingTopics(admin, [{ name: 'work', partitions: 1 }])).rejects.toBe(refused);
  });

  it('should create nothing when every topic exists', async () => {
    const { admin, asked } = scriptedAdmin(async () => Promise.reject(new Error('must not create')), []);
    await createMissingTopics(admin, [{ name: 'existing', partitions: 1 }]);
    expect(asked).toEqual([]);
  });
});
