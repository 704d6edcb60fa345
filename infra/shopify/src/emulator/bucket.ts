import type { Clock } from './clock';

export interface ThrottleStatus {
  readonly maximumAvailable: number;
  readonly currentlyAvailable: number;
  readonly restoreRate: number;
}

export interface BucketConfig {
  /** Bucket size in points (Standard plan: 2000). */
  readonly maximumAvailable: number;
  /** Points restored per second (Standard plan: 100). */
  readonly restoreRate: number;
}

export const standardPlan: BucketConfig = { maximumAvailable: 2000, restoreRate: 100 };

/** Shopify's leaky bucket (reference §3.2): refills continuously, capped at its size. */
export class LeakyBucket {
  private level: number;
  private last: number;

  constructor(
    readonly config: BucketConfig,
    private readonly clock: Clock,
  ) {
    this.level = config.maximumAvailable;
    this.last = clock.now();
  }

  available(): number {
    const now = this.clock.now();
    const restored = ((now - this.last) / 1000) * this.config.restoreRate;
    this.level = Math.min(this.config.maximumAvailable, this.level + restored);
    this.last = now;
    return this.level;
  }

  /** Takes `points` when the bucket holds them; false (nothing taken) otherwise. */
  take(points: number): boolean {
    if (this.available() < points) return false;
    this.level -= points;
    return true;
  }

  refund(points: number): void {
    this.level = Math.min(this.config.maximumAvailable, this.available() + points);
  }

  /** Sets the current level: tests and benchmarks start from a known state. */
  setLevel(points: number): void {
    this.available();
    this.level = Math.max(0, Math.min(this.config.maximumAvailable, points));
  }

  status(): ThrottleStatus {
    return {
      maximumAvailable: this.config.maximumAvailable,
      currentlyAvailable: Math.floor(this.available()),
      restoreRate: this.config.restoreRate,
    };
  }
}
