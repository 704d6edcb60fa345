import type { LogPosition } from '@dm/event-store';
import type pg from 'pg';

const atOrPast = (a: LogPosition, b: LogPosition) => a.txId > b.txId || (a.txId === b.txId && a.position >= b.position);

/**
 * The last event committed to the log, in its order; null when the log is empty. Unlike a runner's read it sees
 * past the visibility horizon, which any open transaction of the server holds back, in any of its databases.
 */
export const headOfLog = async (db: pg.Pool): Promise<LogPosition | null> => {
  const { rows } = await db.query<{ tx_id: string; position: string }>(
    // Qualified: a bare ORDER BY tx_id would sort by the text alias ('983' after '1148').
    `SELECT e.tx_id::text AS tx_id, e.global_position::text AS position FROM es.events e
     ORDER BY e.tx_id DESC, e.global_position DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? { txId: BigInt(row.tx_id), position: BigInt(row.position) } : null;
};

/**
 * Lets callers (tests, replay) wait until a runner has handled the log up to its head when they asked (decision
 * 1443). An empty read is no proof of that: events committed before the call may still lie behind the horizon.
 */
export class IdleTracker {
  private handled: LogPosition | undefined;
  private waiters: { head: LogPosition; resolve: () => void }[] = [];
  private released = false;

  constructor(private readonly head: () => Promise<LogPosition | null>) {}

  /** Every event up to `at` is handled (an active runner's checkpoint, or the active one's when standing by). */
  advancedTo(at: LogPosition): void {
    this.handled = at;
    this.waiters = this.waiters.filter((w) => (atOrPast(at, w.head) ? (w.resolve(), false) : true));
  }

  /**
   * Standing by while another runner holds the lock (maybe only for a moment: a dead session not yet ended): its
   * stored position is what this one's waiters wait for. Read only when someone waits.
   */
  async standingBy(stored: () => Promise<LogPosition | undefined>): Promise<void> {
    if (this.waiters.length === 0) return;
    const at = await stored().catch(() => undefined); // unreadable now: the next try of the lock reads again
    if (at) this.advancedTo(at);
  }

  /** The runner stopped, or stands by for good (a newer version runs): nothing for it to catch up on. */
  release(): void {
    this.released = true;
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
  }

  async wait(): Promise<void> {
    const head = await this.head();
    if (this.released || !head || (this.handled && atOrPast(this.handled, head))) return;
    return new Promise((resolve) => this.waiters.push({ head, resolve }));
  }
}
