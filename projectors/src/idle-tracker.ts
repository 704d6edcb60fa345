/** Lets callers (tests, replay) wait until a runner has read to the end of the log after they asked. */
export class IdleTracker {
  private reads = 0;
  private waiters: { after: number; resolve: () => void }[] = [];
  private isStandby = false;

  /** Call before each read; pass the result to `caughtUp` when that read came back empty. */
  readStarted(): number {
    this.isStandby = false;
    this.reads += 1;
    return this.reads;
  }

  caughtUp(read: number): void {
    this.waiters = this.waiters.filter((w) => (read > w.after ? (w.resolve(), false) : true));
  }

  /** Another runner holds the lock (or this one stopped): nothing for this one to catch up on. */
  standby(): void {
    this.isStandby = true;
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
  }

  wait(): Promise<void> {
    if (this.isStandby) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ after: this.reads, resolve }));
  }
}
