import type { RecordedEvent } from '@dm/event-store';
import { describe, expect, it } from 'vitest';
import { runBatchEffects, type BatchJob } from './batch-effects';
import { Slots } from './slots';

const event = {} as RecordedEvent;
const job = (index: number, lane: string, key: string): BatchJob => ({
  index,
  lane,
  effect: { key, streamId: 's', payload: null },
  event,
});

/** A perform whose effects end when the test says so, recording the order they started in. */
const controlled = () => {
  const started: string[] = [];
  const finish = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  const perform = (j: BatchJob) =>
    new Promise<void>((resolve, reject) => {
      started.push(j.effect.key);
      finish.set(j.effect.key, { resolve, reject });
    });
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { started, finish, perform, tick };
};

describe('runBatchEffects', () => {
  it('should run each lane in message order, lanes side by side, and report the decided prefix', async () => {
    const c = controlled();
    const settled: number[] = [];
    const jobs = [job(0, 'a', 'a0'), job(1, 'b', 'b1'), job(3, 'a', 'a3')];
    const run = runBatchEffects({
      messages: 4,
      jobs,
      slots: new Slots(8),
      signal: new AbortController().signal,
      perform: c.perform,
      onSettled: (through) => settled.push(through),
    });
    await c.tick();
    expect(c.started).toEqual(['a0', 'b1']);
    c.finish.get('b1')!.resolve();
    await c.tick();
    expect(settled).toEqual([]); // message 0 is still open
    c.finish.get('a0')!.resolve();
    await c.tick();
    expect(c.started).toEqual(['a0', 'b1', 'a3']);
    expect(settled).toEqual([2]); // 0, 1 and 2 (no effects) decided
    c.finish.get('a3')!.resolve();
    await run;
    expect(settled).toEqual([2, 3]);
  });

  it('should keep within the shared slots across batches', async () => {
    const c = controlled();
    const slots = new Slots(1);
    const signal = new AbortController().signal;
    const common = { slots, signal, perform: c.perform, onSettled: () => undefined };
    const first = runBatchEffects({ ...common, messages: 1, jobs: [job(0, 'a', 'p1')] });
    const second = runBatchEffects({ ...common, messages: 1, jobs: [job(0, 'a', 'p2')] });
    await c.tick();
    expect(c.started).toEqual(['p1']);
    c.finish.get('p1')!.resolve();
    await c.tick();
    expect(c.started).toEqual(['p1', 'p2']);
    c.finish.get('p2')!.resolve();
    await Promise.all([first, second]);
  });

  it('should start nothing after a failure, let the rest in flight end, then throw it with the prefix before it', async () => {
    const c = controlled();
    const settled: number[] = [];
    const jobs = [job(0, 'a', 'a0'), job(1, 'a', 'a1'), job(2, 'b', 'b2')];
    const run = runBatchEffects({
      messages: 3,
      jobs,
      slots: new Slots(8),
      signal: new AbortController().signal,
      perform: c.perform,
      onSettled: (through) => settled.push(through),
    });
    await c.tick();
    c.finish.get('b2')!.reject(new Error('database down'));
    await c.tick();
    c.finish.get('a0')!.resolve();
    await expect(run).rejects.toThrow('database down');
    expect(c.started).toEqual(['a0', 'b2']);
    expect(settled).toEqual([0]);
  });
});
