export interface ThrottleStatus {
  readonly maximumAvailable: number;
  readonly currentlyAvailable: number;
  readonly restoreRate: number;
}

export interface PacingClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** How a call spends a store's bucket: the share it leaves to others, and when it gives up waiting. */
export interface SpendOptions {
  readonly keep?: number;
  readonly signal?: AbortSignal | undefined;
}

const sleepUnless = async (clock: PacingClock, ms: number, signal: AbortSignal | undefined): Promise<void> => {
  if (!signal) return clock.sleep(ms);
  let onAbort = () => {};
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve;
    signal.addEventListener('abort', onAbort, { once: true });
  });
  await Promise.race([clock.sleep(ms), aborted]);
  signal.removeEventListener('abort', onAbort);
  signal.throwIfAborted();
};

/**
 * Our model of one store's bucket, fed by every answer's `throttleStatus` (reference §13 "pace proactively").
 * A request waits until the predicted level, minus what requests in flight will take, covers its cost;
 * so we spend the bucket as fast as it refills instead of bouncing off THROTTLED.
 */
export class PacingBucket {
  private level: number | null = null;
  private observedAt = 0;
  private maximum = Number.POSITIVE_INFINITY;
  private rate = 0;
  private reserved = 0;

  constructor(private readonly clock: PacingClock) {}

  predicted(): number | null {
    if (this.level === null) return null;
    const restored = ((this.clock.now() - this.observedAt) / 1000) * this.rate;
    return Math.min(this.maximum, this.level + restored) - this.reserved;
  }

  /**
   * Waits for room for `cost` points and reserves them; call the returned function when the answer is in. `keep`
   * is the share of the bucket a caller of lesser rank leaves to the others (the availability check leaves half to
   * the reactors); `signal` gives up the wait (it throws the signal's reason).
   */
  async acquire(cost: number, { keep = 0, signal }: SpendOptions = {}): Promise<() => void> {
    for (;;) {
      signal?.throwIfAborted();
      const available = this.predicted();
      const need = Math.min(cost, this.maximum);
      const reserve = Math.max(0, Math.min(keep * this.maximum, this.maximum - need));
      if (available === null || available - reserve >= need || this.rate <= 0) break;
      await sleepUnless(this.clock, Math.ceil(((need + reserve - available) / this.rate) * 1000), signal);
    }
    this.reserved += cost;
    let released = false;
    return () => {
      if (!released) this.reserved -= cost;
      released = true;
    };
  }

  observe(status: ThrottleStatus | undefined): void {
    if (!status) return;
    this.level = status.currentlyAvailable;
    this.maximum = status.maximumAvailable;
    this.rate = status.restoreRate;
    this.observedAt = this.clock.now();
  }
}

/** Reference §13: after THROTTLED wait max(1, ceil((requested - available) / restoreRate)) seconds. */
export const throttleWaitMs = (requested: number, status: ThrottleStatus): number =>
  Math.max(1, Math.ceil((requested - status.currentlyAvailable) / status.restoreRate)) * 1000;
