import { createPostgresEventStore, type EventStore, type NewEvent } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coalescedAppends } from '../src/coalesced-appends';

let db: TestDatabase;
let store: EventStore;
beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
});
afterEach(async () => {
  await store.close();
  await db.drop();
});

const event = (n: number, eventId: string = randomUUID()): NewEvent => ({ type: 'Noted', data: { n }, eventId });
const appendCalls = (target: EventStore) => {
  const streams: number[] = [];
  const counting: EventStore = {
    ...target,
    append: (streamId, events, options) => {
      streams.push(events.length);
      return target.append(streamId, events, options);
    },
  };
  return { counting, streams };
};

describe('When effects record to one stream at once', () => {
  it('should send the appends made while one is under way as one, each caller told its own events were new', async () => {
    const { counting, streams } = appendCalls(store);
    const append = coalescedAppends(counting);
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => append('effects', [event(n)])));
    expect(results.map((r) => r.appended)).toEqual(Array.from({ length: 10 }, () => 1));
    expect(streams).toEqual([1, 9]);
    expect((await store.readStream('effects')).map((e) => (e.data as { n: number }).n)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('should tell each caller of a partly stored combination whether its own events were new, and store each once', async () => {
    const stored = randomUUID();
    await store.append('effects', [event(1, stored)], { expected: 'any' });
    const append = coalescedAppends(store);
    const [first, again, fresh] = await Promise.all([
      append('effects', [event(0)]),
      append('effects', [event(1, stored)]),
      append('effects', [event(2)]),
    ]);
    expect(first.appended).toBe(1);
    // `again` and `fresh` went together (a resumed effect's Started event beside a new one's, as after a rebalance).
    expect([again.appended, fresh.appended]).toEqual([0, 1]);
    expect((await store.readStream('effects')).map((e) => (e.data as { n: number }).n)).toEqual([1, 0, 2]);
  });
});
