/** Milliseconds since the epoch. Injected so tests can drain and refill buckets and move discounts through time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to: for exact throttle arithmetic in tests. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.parse('2026-11-23T12:00:00Z')) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
