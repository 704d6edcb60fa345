interface Waiter {
  readonly lane: string;
  readonly resolve: () => void;
}

/**
 * At most `size` holders at once: a reactor's concurrency across all its partitions. A free slot goes to the waiting
 * lane served least recently, a lane never served here first (first come first served among equals): after a
 * rebalance the stores of a dead worker's partitions wait for one round of this worker's own stores at most, not
 * for every own store's next effect that happened to queue first (decision 1554).
 */
export class Slots {
  private held = 0;
  private waiting: Waiter[] = [];
  /** Each lane's last grant, as a count of grants: lower is longer ago. */
  private readonly lastServed = new Map<string, number>();
  private grants = 0;

  constructor(private readonly size: number) {}

  async acquire(lane = ''): Promise<void> {
    if (this.held < this.size) {
      this.held += 1;
      this.served(lane);
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push({ lane, resolve }));
  }

  release(): void {
    const next = this.next();
    // The slot passes straight to the next waiter: the count stays as it is.
    if (next) {
      this.served(next.lane);
      next.resolve();
    } else this.held -= 1;
  }

  async with<T>(work: () => Promise<T>, lane?: string): Promise<T> {
    await this.acquire(lane);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private served(lane: string) {
    this.grants += 1;
    this.lastServed.set(lane, this.grants);
  }

  private next(): Waiter | undefined {
    let best = -1;
    for (let i = 0; i < this.waiting.length; i++) {
      if (best === -1 || this.since(this.waiting[i]!) < this.since(this.waiting[best]!)) best = i;
    }
    return best === -1 ? undefined : this.waiting.splice(best, 1)[0];
  }

  private since(waiter: Waiter) {
    return this.lastServed.get(waiter.lane) ?? 0;
  }
}
