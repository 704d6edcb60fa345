import { describe, expect, it } from 'vitest';
import type { TopicBatch } from '@dm/kafka';
import { sendsOf } from './sends';

const message = (key: string, bytes: number) => ({ key, value: 'x'.repeat(bytes), headers: { 'dm-type': 'T' } });
const keysOf = (batches: readonly TopicBatch[]) => batches.flatMap((b) => b.messages.map((m) => `${b.topic}:${m.key}`));

describe('sendsOf', () => {
  it('sends a small batch of the log in one call, both topics in it', () => {
    const sends = sendsOf([
      { topic: 'work', messages: [message('a', 10), message('b', 10)] },
      { topic: 'public', messages: [message('c', 10)] },
    ]);
    expect(sends).toHaveLength(1);
    expect(keysOf(sends[0]!)).toEqual(['work:a', 'work:b', 'public:c']);
  });

  it('cuts a batch into calls within the limit, each topic in its order, nothing lost or repeated', () => {
    const work = Array.from({ length: 25 }, (_, i) => message(`w${i}`, 70_000));
    const integration = Array.from({ length: 5 }, (_, i) => message(`p${i}`, 70_000));
    const sends = sendsOf([
      { topic: 'work', messages: work },
      { topic: 'public', messages: integration },
    ]);
    expect(sends.length).toBeGreaterThan(1);
    for (const send of sends) {
      const bytes = send.flatMap((b) => b.messages).reduce((sum, m) => sum + m.value.length + 20, 0);
      expect(bytes).toBeLessThanOrEqual(768 * 1024);
    }
    const all = sends.flatMap(keysOf);
    expect(all.filter((k) => k.startsWith('work:'))).toEqual(work.map((m) => `work:${m.key}`));
    expect(all.filter((k) => k.startsWith('public:'))).toEqual(integration.map((m) => `public:${m.key}`));
  });

  it('sends a message larger than the limit alone', () => {
    const sends = sendsOf([{ topic: 'work', messages: [message('a', 10), message('big', 900_000), message('b', 10)] }]);
    expect(sends.map(keysOf)).toEqual([['work:a'], ['work:big'], ['work:b']]);
  });
});
