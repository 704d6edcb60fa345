import { WaiterHeap } from './waiter-heap';

/** Lanes remembered as served; past this, those served longest ago are forgotten (they rank as never served). */
const rememberedLanes = 10_000;

/**
 * At most `size` holders at once: a reactor's concurrency across all its partitions. A free slot goes to the waiting
 * lane served least recently, a lane never served here first (first come first served among equals): after a
 * rebalance the stores of a dead worker's partitions wait for one round of this worker's own stores at most, not
 * for every own store's next effect that happened to queue first (decision 1554). A lane's rank is taken when it
 * starts to wait (a lane waits for one slot at a time), so tens of thousands of waiting chunks cost O(log n) each.
 */
export class Slots {
  private held = 0;
  private readonly waiting = new WaiterHeap();
  /** Each lane's last grant, as a count of grants (lower is longer ago), in the order of those grants. */
  private readonly lastServed = new Map<string, number>();
  private grants = 0;
  private arrivals = 0;

  constructor(private readonly size: number) {}

  async acquire(lane = ''): Promise<void> {
    if (this.held < this.size) {
      this.held += 1;
      this.served(lane);
      return;
    }
    const since = this.lastServed.get(lane) ?? 0;
    const seq = (this.arrivals += 1);
    await new Promise<void>((resolve) =>
      this.waiting.push({ since, seq, resolve: () => (this.served(lane), resolve()) }),
    );
  }

  release(): void {
    const next = this.waiting.pop();
    // The slot passes straight to the next waiter: the count stays as it is.
    if (next) next.resolve();
    else this.held -= 1;
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
    this.lastServed.delete(lane);
    this.lastServed.set(lane, this.grants);
    if (this.lastServed.size > rememberedLanes) this.lastServed.delete(this.lastServed.keys().next().value!);
  }
}
