import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineReactor } from '../src/define-reactor';
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

type Asked = { lane: string; n: number };

/**
 * A reactor without Started events whose effects name their lane; the far side holds each call until the test
 * releases it, so the test sees which calls are in flight together.
 */
const laneReactor = (options: { failOnce?: string; holdUntilInFlight?: number; eventTypes?: string[] } = {}) => {
  const inFlight = new Set<string>();
  const together: string[][] = [];
  const calls: string[] = [];
  const seen: string[] = [];
  let failed = false;
  // Calls wait until this many are in flight together (or 2 s pass, which the assertions then show).
  let open = (options.holdUntilInFlight ?? 1) <= 1;
  const waiting: (() => void)[] = [];
  const reactor = defineReactor<Asked, { done: string }>({
    name: 'lane-effects',
    concurrency: 3,
    laneOf: (effect) => effect.payload.lane,
    ...(options.eventTypes ? { eventTypes: options.eventTypes } : {}),
    effectsOf: (event) => {
      seen.push(event.type);
      if (event.type !== 'Asked') return [];
      const asked = event.data as Asked;
      return [{ key: `${asked.lane}-${asked.n}`, streamId: 'lane-effects', payload: asked }];
    },
    perform: async ({ key }) => {
      calls.push(key);
      inFlight.add(key);
      together.push([...inFlight].sort());
      if (inFlight.size >= (options.holdUntilInFlight ?? 1)) {
        open = true;
        waiting.splice(0).forEach((release) => release());
      }
      if (!open) await new Promise<void>((resolve) => (waiting.push(resolve), setTimeout(resolve, 2_000)));
      inFlight.delete(key);
      return { done: key };
    },
    events: {
      succeeded: (e, r) => {
        if (e.key === options.failOnce && !failed) {
          failed = true;
          // Recording the outcome failed (the database went away): the batch is retried, not the effect failed.
          throw new Error('the database went away');
        }
        return { type: 'Done', data: r };
      },
      failed: (e, reason) => ({ type: 'Failed', data: { key: e.key, reason } }),
    },
  });
  return { reactor, together, calls, seen };
};

const run = async (reactor: ReturnType<typeof laneReactor>['reactor'], batchSize?: number) => {
  const runner = startReactorRunner({
    pool: db.pool,
    eventStore: store,
    reactor,
    logger,
    pollMs: 50,
    backoff: () => 5,
    ...(batchSize ? { batchSize } : {}),
  });
  await runner.waitForIdle();
  await runner.stop();
};
const asked = (lane: string, n: number) => ({ type: 'Asked', data: { lane, n } });
const recorded = async (type: string) =>
  (await store.readStream('lane-effects')).filter((e) => e.type === type).map((e) => e.data);

describe('When a reactor names lanes', () => {
  it('should run lanes side by side, at most `concurrency` at once, each lane in log order', async () => {
    await store.append(
      'asks',
      [asked('a', 1), asked('b', 1), asked('a', 2), asked('c', 1), asked('d', 1), asked('b', 2)],
      {
        expected: 'any',
      },
    );
    const { reactor, together, calls } = laneReactor({ holdUntilInFlight: 3 });
    await run(reactor);
    expect(Math.max(...together.map((t) => t.length))).toBe(3);
    expect(together.every((t) => new Set(t.map((k) => k[0])).size === t.length)).toBe(true);
    expect(calls.indexOf('a-1')).toBeLessThan(calls.indexOf('a-2'));
    expect(calls.indexOf('b-1')).toBeLessThan(calls.indexOf('b-2'));
    expect((await recorded('Done')).map((d) => (d as { done: string }).done).sort()).toEqual([
      'a-1',
      'a-2',
      'b-1',
      'b-2',
      'c-1',
      'd-1',
    ]);
  });

  it('should stop a lane whose outcome could not be recorded, let the others finish, and redo only what has no outcome', async () => {
    await store.append('asks', [asked('a', 1), asked('a', 2), asked('b', 1)], { expected: 'any' });
    const { reactor, calls } = laneReactor({ failOnce: 'a-1' });
    await run(reactor);
    // a-1's outcome was lost (a-2 waited for it), b-1 finished; the retried batch skips b-1, redoes a-1, then a-2.
    expect([...calls].sort()).toEqual(['a-1', 'a-1', 'a-2', 'b-1']);
    expect(calls.lastIndexOf('a-1')).toBeLessThan(calls.indexOf('a-2'));
    expect(await recorded('Failed')).toEqual([]);
    expect(await recorded('Done')).toHaveLength(3);
  });

  it('should read on while an effect is in flight: a later batch starts its lanes before an earlier one ends', async () => {
    await store.append('asks', [asked('a', 1)], { expected: 'any' });
    await store.append('asks', [asked('b', 1)], { expected: 'any' });
    // One event a batch: a-1 is held until b-1, from the next batch, is in flight with it.
    const { reactor, together } = laneReactor({ holdUntilInFlight: 2 });
    await run(reactor, 1);
    expect(together.map((t) => t.join())).toContain('a-1,b-1');
    expect(await recorded('Done')).toHaveLength(2);
  });

  it('should hand a reactor that names its event types only those, and checkpoint past the others', async () => {
    await store.append('asks', [{ type: 'Noise', data: {} }, asked('a', 1), { type: 'Noise', data: {} }], {
      expected: 'any',
    });
    const { reactor, seen } = laneReactor({ eventTypes: ['Asked'] });
    await run(reactor);
    expect(seen).toEqual(['Asked']);
    expect(await recorded('Done')).toHaveLength(1);
    // Past the last Noise event (waitForIdle waits for the log as it was when asked, not for the Done appended since).
    const { rows } = await db.pool.query<{ past: boolean }>(
      `SELECT (c.tx_id, c.position) >= (e.tx_id, e.global_position) AS past
       FROM es.checkpoints c, (SELECT tx_id, global_position FROM es.events WHERE type = 'Noise'
                               ORDER BY tx_id DESC, global_position DESC LIMIT 1) e
       WHERE c.name = 'reactor:lane-effects'`,
    );
    expect(rows[0]!.past).toBe(true);
  });
});
