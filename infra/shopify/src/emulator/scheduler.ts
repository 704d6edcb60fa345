/**
 * Runs the emulator's asynchronous work (redeem-code bulk creations, bulk deletes, bulk operations).
 * `auto` runs each task after `delayMs` (0 still means "later": callers first see `done: false`);
 * `manual` queues tasks until a test calls `runPending()`, which makes job lifecycles exact to test.
 * `pause()` holds auto tasks back until `resume()`: a job Shopify has accepted but not yet run, for as long as a
 * test needs (say, across a restart of the caller). `pause(shop)` holds only that shop's jobs, so a test can keep
 * one store's job running while the others' go ahead.
 */
export type SchedulerMode = { readonly mode: 'auto'; readonly delayMs: number } | { readonly mode: 'manual' };

interface HeldTask {
  readonly task: () => Promise<void> | void;
  readonly shop: string | undefined;
}

export class Scheduler {
  private readonly queue: (() => Promise<void>)[] = [];
  private readonly running = new Set<Promise<void>>();
  private held: HeldTask[] = [];
  /** Shops whose tasks are held; null holds every shop's. */
  private readonly paused = new Set<string | null>();

  constructor(private readonly config: SchedulerMode) {}

  /** `shop`: whose job this is (a slug), for `pause(shop)`. */
  schedule(task: () => Promise<void> | void, shop?: string): void {
    const run = async () => {
      await task();
    };
    if (this.config.mode === 'manual') {
      this.queue.push(run);
      return;
    }
    if (this.isHeld(shop)) {
      this.held.push({ task, shop });
      return;
    }
    const delay = this.config.delayMs;
    const done: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, delay))
      .then(run)
      .catch(() => undefined)
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Holds every shop's tasks, or only `shop`'s. */
  pause(shop?: string): void {
    this.paused.add(shop ?? null);
  }

  /** Without a shop: lifts every hold; with one: that shop's own hold. Released tasks run in the order held. */
  resume(shop?: string): void {
    if (shop === undefined) this.paused.clear();
    else this.paused.delete(shop);
    const held = this.held;
    this.held = [];
    for (const { task, shop: owner } of held) this.schedule(task, owner);
  }

  /** Tasks held back by `pause`, of one shop or of all. */
  heldCount(shop?: string): number {
    return shop === undefined ? this.held.length : this.held.filter((h) => h.shop === shop).length;
  }

  private isHeld(shop: string | undefined): boolean {
    return this.paused.has(null) || (shop !== undefined && this.paused.has(shop));
  }

  /** Runs queued tasks (manual mode) and waits for those in flight, including tasks they schedule. */
  async runPending(): Promise<void> {
    while (this.queue.length > 0 || this.running.size > 0) {
      const next = this.queue.shift();
      if (next) await next();
      else await Promise.all([...this.running]);
    }
  }

  /** Runs the oldest queued task only (manual mode): lets a test watch each step of a job. */
  async runNext(): Promise<boolean> {
    const next = this.queue.shift();
    if (next) await next();
    return next !== undefined;
  }

  get pending(): number {
    return this.queue.length + this.running.size + this.held.length;
  }
}
