import { describe, expect, it } from 'vitest';
import { PacingBucket, throttleWaitMs } from './pacing';
import { backoffMs, productionPolicy } from './retry';

const fakeClock = () => {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
    },
  };
};

describe('When the adapter paces calls to a store', () => {
  it('should wait the §13 time after THROTTLED', () => {
    expect(throttleWaitMs(752, { maximumAvailable: 1000, currentlyAvailable: 666, restoreRate: 50 })).toBe(2000);
    expect(throttleWaitMs(10, { maximumAvailable: 2000, currentlyAvailable: 5, restoreRate: 100 })).toBe(1000);
  });

  it('should let a call through at once while the bucket holds its cost', async () => {
    const { clock, sleeps } = fakeClock();
    const bucket = new PacingBucket(clock);
    bucket.observe({ maximumAvailable: 2000, currentlyAvailable: 500, restoreRate: 100 });
    const release = await bucket.acquire(400);
    expect(sleeps).toEqual([]);
    expect(bucket.predicted()).toBe(100);
    release();
    expect(bucket.predicted()).toBe(500);
  });

  it('should wait exactly until the bucket has refilled enough', async () => {
    const { clock, sleeps } = fakeClock();
    const bucket = new PacingBucket(clock);
    bucket.observe({ maximumAvailable: 2000, currentlyAvailable: 50, restoreRate: 100 });
    await bucket.acquire(300);
    expect(sleeps).toEqual([2500]);
  });

  it('should leave the share a lesser caller keeps to the others, and give up the wait when told', async () => {
    const { clock, sleeps } = fakeClock();
    const bucket = new PacingBucket(clock);
    bucket.observe({ maximumAvailable: 2000, currentlyAvailable: 1200, restoreRate: 100 });
    await bucket.acquire(300, { keep: 0.5 });
    expect(sleeps).toEqual([1000]); // 1,000 kept + 300 needed: 100 points short, at 100 points a second
    const stop = new AbortController();
    stop.abort(new Error('out of time'));
    await expect(bucket.acquire(300, { keep: 0.5, signal: stop.signal })).rejects.toThrow('out of time');
  });

  it('should back off with jitter between half and all of an exponential ceiling', () => {
    expect(backoffMs({ ...productionPolicy, random: () => 0 }, 1)).toBe(500);
    expect(backoffMs({ ...productionPolicy, random: () => 1 }, 3)).toBe(4000);
    expect(backoffMs({ ...productionPolicy, random: () => 1 }, 9)).toBe(60_000);
  });
});
