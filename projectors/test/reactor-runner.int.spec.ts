import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineReactor, RetryableEffectError } from '../src/define-reactor';
import { deterministicId } from '../src/deterministic-id';
import { startReactorRunner } from '../src/reactor-runner';

const logger = pino({ level: 'silent' });
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

/** A reactor whose far side is a function: `far(n, attempt)` returns a result or throws. */
const reactorWith = (far: (n: number, attempt: number) => string) => {
  const attempts = new Map<number, number>();
  const reactor = defineReactor<{ n: number }, { id: string }>({
    name: 'unit-effects',
    effectsOf: (event) =>
      event.type === 'Asked'
        ? [
            {
              key: `k-${String((event.data as { n: number }).n)}`,
              streamId: 'effects',
              payload: event.data as { n: number },
            },
          ]
        : [],
    perform: async ({ payload: { n } }) => {
      const attempt = (attempts.get(n) ?? 0) + 1;
      attempts.set(n, attempt);
      return { id: far(n, attempt) };
    },
    events: {
      started: (e) => ({ type: 'Started', data: { key: e.key } }),
      succeeded: (e, r) => ({ type: 'Succeeded', data: { key: e.key, ...r } }),
      failed: (e, reason) => ({ type: 'Failed', data: { key: e.key, reason } }),
    },
  });
  return { reactor, attempts };
};

const runToIdle = async (reactor: ReturnType<typeof reactorWith>['reactor'], delays: number[] = []) => {
  const runner = startReactorRunner({
    pool: db.pool,
    eventStore: store,
    reactor,
    logger,
    pollMs: 50,
    effectBackoff: (n) => (delays.push(n), 1),
  });
  await runner.waitForIdle();
  await runner.stop();
};
const recorded = async () => (await store.readStream('effects')).map((e) => [e.type, e.data]);

describe('When the far side refuses for good', () => {
  it('should record Failed with its reason, without retrying', async () => {
    const { reactor, attempts } = reactorWith(() => {
      throw new Error('Code already exists on this shop');
    });
    await store.append('asks', [{ type: 'Asked', data: { n: 1 } }], { expected: 'no_stream' });
    await runToIdle(reactor);
    expect(attempts.get(1)).toBe(1);
    expect(await recorded()).toEqual([
      ['Started', { key: 'k-1' }],
      ['Failed', { key: 'k-1', reason: 'Code already exists on this shop' }],
    ]);
  });
});

describe('When the far side keeps failing in a retryable way', () => {
  it('should try five times with back-off, then record Failed', async () => {
    const { reactor, attempts } = reactorWith((n, attempt) => {
      if (n === 2 && attempt === 3) return 'third time lucky';
      throw new RetryableEffectError(`THROTTLED (${attempt})`);
    });
    await store.append(
      'asks',
      [
        { type: 'Asked', data: { n: 1 } },
        { type: 'Asked', data: { n: 2 } },
      ],
      { expected: 'no_stream' },
    );
    const delays: number[] = [];
    await runToIdle(reactor, delays);
    expect([attempts.get(1), attempts.get(2)]).toEqual([5, 3]);
    expect(delays).toEqual([1, 2, 3, 4, 1, 2]);
    expect(await recorded()).toEqual([
      ['Started', { key: 'k-1' }],
      ['Failed', { key: 'k-1', reason: 'THROTTLED (5)' }],
      ['Started', { key: 'k-2' }],
      ['Succeeded', { key: 'k-2', id: 'third time lucky' }],
    ]);
  });
});

describe('When an effect was Started but its outcome never recorded, and the reactor has no check', () => {
  it('should submit it again (the far side dedupes by key) and never repeat effects whose outcome is recorded', async () => {
    const first = reactorWith(() => 'first');
    await store.append('asks', [{ type: 'Asked', data: { n: 1 } }], { expected: 'no_stream' });
    await runToIdle(first.reactor);
    // A crash between Started and the call's answer: Started of k-2 is in the log, its outcome is not.
    await store.append(
      'effects',
      [{ type: 'Started', data: { key: 'k-2' }, eventId: deterministicId('unit-effects|k-2|started') }],
      { expected: 'any' },
    );
    await store.append('asks', [{ type: 'Asked', data: { n: 2 } }], { expected: 1n });
    await db.pool.query("DELETE FROM es.checkpoints WHERE name = 'reactor:unit-effects'"); // and a rewind
    const resumed = reactorWith(() => 'resubmitted');
    await runToIdle(resumed.reactor);
    expect([...resumed.attempts.keys()]).toEqual([2]);
    expect(await recorded()).toEqual([
      ['Started', { key: 'k-1' }],
      ['Succeeded', { key: 'k-1', id: 'first' }],
      ['Started', { key: 'k-2' }],
      ['Succeeded', { key: 'k-2', id: 'resubmitted' }],
    ]);
  });
});
