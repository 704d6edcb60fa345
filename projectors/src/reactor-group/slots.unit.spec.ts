import { describe, expect, it } from 'vitest';
import { Slots } from './slots';

/** Lanes asking one slot in the given order, each recording when it got it and giving it back at once. */
const served = async (slots: Slots, lanes: readonly string[]) => {
  const order: string[] = [];
  await Promise.all(
    lanes.map(async (lane) => {
      await slots.acquire(lane);
      order.push(lane);
      await new Promise((resolve) => setImmediate(resolve));
      slots.release();
    }),
  );
  return order;
};

describe('Slots', () => {
  it('should give a freed slot to a lane never served before the lanes served already', async () => {
    const slots = new Slots(1);
    expect(await served(slots, ['own-1', 'own-2'])).toEqual(['own-1', 'own-2']);
    // The own lanes queue again first, then the lanes of partitions just taken over.
    expect(await served(slots, ['own-1', 'own-2', 'taken-1', 'taken-2'])).toEqual([
      'own-1', // free at once
      'taken-1',
      'taken-2',
      'own-2',
    ]);
  });

  it('should serve waiting lanes least recently served first, and equals in the order they came', async () => {
    const slots = new Slots(1);
    await served(slots, ['a', 'b', 'c']);
    expect(await served(slots, ['x', 'c', 'b', 'a', 'y'])).toEqual(['x', 'y', 'a', 'b', 'c']);
  });

  it('should hold no more than its size at once', async () => {
    const slots = new Slots(2);
    let holding = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        await slots.acquire(`lane-${i % 3}`);
        most = Math.max(most, (holding += 1));
        await new Promise((resolve) => setImmediate(resolve));
        holding -= 1;
        slots.release();
      }),
    );
    expect(most).toBe(2);
  });
});
