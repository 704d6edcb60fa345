/**
 * Runs the emulator's asynchronous work (redeem-code bulk creations, bulk deletes, bulk operations).
 * `auto` runs each task after `delayMs` (0 still means "later": callers first see `done: false`);
 * `manual` queues tasks until a test calls `runPending()`, which makes job lifecycles exact to test.
 * `pause()` holds auto tasks back until `resume()`: a job Shopify has accepted but not yet run, for as long as a
 * test needs (say, across a restart of the caller).
 */
export type SchedulerMode = { readonly mode: 'auto'; readonly delayMs: number } | { readonly mode: 'manual' };

export class Scheduler {
  private readonly queue: (() => Promise<void>)[] = [];
  private readonly running = new Set<Promise<void>>();
  private held: (() => void)[] | null = null;

  constructor(private readonly config: SchedulerMode) {}

  schedule(task: () => Promise<void> | void): void {
    const run = async () => {
      await task();
    };
    if (this.config.mode === 'manual') {
      this.queue.push(run);
      return;
    }
    if (this.held) {
      this.held.push(() => this.schedule(task));
      return;
    }
    const delay = this.config.delayMs;
    const done: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, delay))
      .then(run)
      .catch(() => undefined)
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  pause(): void {
    this.held ??= [];
  }

  resume(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const task of held) task();
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
    return this.queue.length + this.running.size + (this.held?.length ?? 0);
  }
}
