import { describe, expect, it } from 'vitest';
import { lettingOthersIn } from './letting-others-in';

/** Lines already downloaded: handed over without any I/O in between, as one parsed chunk's lines are. */
async function* downloaded(count: number): AsyncGenerator<number> {
  for (let i = 1; i <= count; i += 1) yield i;
}

/** How many items the loop consumed before a task queued at its start got its turn. */
const consumedBeforeOthersRan = async (items: AsyncIterable<number>) => {
  let consumed = 0;
  let consumedWhenRan: number | undefined;
  setImmediate(() => (consumedWhenRan = consumed));
  for await (const item of items) consumed = item;
  return consumedWhenRan;
};

describe("When a big sync's loop walks an already downloaded chunk's lines", () => {
  it('lets a waiting task run within every few hundred lines', async () => {
    expect(await consumedBeforeOthersRan(lettingOthersIn(downloaded(5_000), 200))).toBeLessThanOrEqual(200);
  });

  it('is needed: without it the task waits for the whole chunk', async () => {
    expect(await consumedBeforeOthersRan(downloaded(5_000))).toBeUndefined();
  });
});
