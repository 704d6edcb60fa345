import pg from 'pg';
import type { Statements } from './postgres-append';

export const eventsChannel = 'es_events';

// One statement in its own transaction: `set_config(…, true)` lasts to that transaction's end, so its commit, which
// reads the setting before the transaction's settings are undone, is asynchronous (decision 1540).
const notifySql = `SELECT set_config('synchronous_commit', 'off', true), pg_notify('${eventsChannel}', '')`;

/** After a read that left events unread, the next wait lasts at most this long, doubled for each such read in a row. */
const firstRecheckMs = 5;
const maxRecheckMs = 250;

/**
 * LISTEN/NOTIFY without putting NOTIFY inside the writers' transactions: a NOTIFY there takes a global lock
 * through commit and serialises every writer. Writers poke this after commit instead; pokes coalesce into
 * at most one NOTIFY in flight plus one queued.
 */
export class WakeUp {
  private listener: pg.Client | undefined;
  private listening: Promise<void> | undefined;
  private waiters = new Set<() => void>();
  private sending = false;
  private pending = false;
  private closed = false;
  private recheckMs = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string | undefined,
    /** Where the NOTIFY runs: the pool, or the pipelined connections single statements share. */
    private readonly notifier: Statements = pool,
    private readonly minIntervalMs = 5,
  ) {}

  poke(): void {
    if (this.closed) return;
    if (this.sending) {
      this.pending = true;
      return;
    }
    this.sending = true;
    // NOTIFY gives its transaction an xid, so its commit would wait for a WAL flush like a real write; a lost
    // wake-up only costs a poll, so this one commits asynchronously (one named statement, no BEGIN/COMMIT).
    this.notifier
      .query({ name: 'es-wake-up', text: notifySql })
      .catch(() => undefined) // subscribers fall back to polling
      .finally(() => {
        // Under a stream of commits, at most one NOTIFY per `minIntervalMs`: each costs the server a global lock.
        setTimeout(() => {
          this.sending = false;
          if (this.pending) {
            this.pending = false;
            this.poke();
          }
        }, this.minIntervalMs).unref();
      });
  }

  /**
   * What a read that returned nothing found after its position: events it could not return. Either an older
   * transaction still runs (readers see nothing past it, and its end notifies nobody) or they committed while the
   * read ran (their wake-up may have come before anyone waited). Either way no NOTIFY is sure to follow, so the
   * waits read again soon, less often the longer it lasts, instead of waiting out their poll.
   */
  leftUnread(unread: boolean): void {
    this.recheckMs = unread ? Math.min(maxRecheckMs, this.recheckMs * 2 || firstRecheckMs) : 0;
  }

  async wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    // Not awaited: opening the LISTEN connection (again, after a restart) must not hold a wait past its timeout.
    this.listen().catch(() => undefined);
    if (signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.recheckMs > 0 ? Math.min(timeoutMs, this.recheckMs) : timeoutMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** One LISTEN connection; once it breaks (or fails to open), the next `wait` opens a new one. */
  private listen(): Promise<void> {
    if (this.listening) return this.listening;
    const { connectionTimeoutMillis } = this.pool.options;
    const client = new pg.Client(
      this.connectionString ? { connectionString: this.connectionString, connectionTimeoutMillis } : this.pool.options,
    );
    const listening = (async () => {
      await client.connect();
      await client.query(`LISTEN ${eventsChannel}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
      // Notifications sent while no connection listened are lost: every waiter reads once more.
      this.wakeAll();
    })();
    const lost = () => {
      if (this.listening !== listening) return;
      this.listening = undefined;
      this.listener = undefined;
      client.end().catch(() => undefined);
    };
    client.on('notification', () => this.wakeAll());
    client.on('error', lost);
    client.on('end', lost);
    listening.catch(lost);
    this.listening = listening;
    return listening;
  }

  private wakeAll(): void {
    for (const wake of [...this.waiters]) wake();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.listener?.end().catch(() => undefined);
  }
}
