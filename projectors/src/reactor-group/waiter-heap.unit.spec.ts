import { describe, expect, it } from 'vitest';
import { WaiterHeap } from './waiter-heap';

describe('WaiterHeap', () => {
  it('should give waiters back least recently served first, then in the order they came, whatever order they came in', () => {
    const heap = new WaiterHeap();
    let state = 7;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const waiters = Array.from({ length: 2_000 }, (_, seq) => ({
      since: Math.floor(random() * 50),
      seq,
      resolve: () => undefined,
    }));
    for (const waiter of waiters) heap.push(waiter);
    const popped = Array.from({ length: waiters.length + 1 }, () => heap.pop());
    expect(popped.at(-1)).toBeUndefined();
    expect(popped.slice(0, -1)).toEqual([...waiters].sort((a, b) => a.since - b.since || a.seq - b.seq));
  });
});
