import { describe, expect, it } from 'vitest';
import { LeakyBucket } from './bucket';
import { ManualClock } from './clock';

describe('When requests draw on a leaky bucket', () => {
  it('should take, refund and refill exactly', () => {
    const clock = new ManualClock();
    const bucket = new LeakyBucket({ maximumAvailable: 2000, restoreRate: 100 }, clock);
    expect(bucket.take(24)).toBe(true);
    bucket.refund(14);
    expect(bucket.status()).toEqual({ maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 });
    clock.advance(50);
    expect(bucket.status().currentlyAvailable).toBe(1995);
    clock.advance(60_000);
    expect(bucket.status().currentlyAvailable).toBe(2000);
  });

  it('should refuse a cost above the level without taking anything', () => {
    const clock = new ManualClock();
    const bucket = new LeakyBucket({ maximumAvailable: 1000, restoreRate: 50 }, clock);
    bucket.setLevel(100);
    expect(bucket.take(101)).toBe(false);
    expect(bucket.status().currentlyAvailable).toBe(100);
    clock.advance(20);
    expect(bucket.take(101)).toBe(true);
    expect(bucket.status().currentlyAvailable).toBe(0);
  });
});
