export type ExpectedVersion = bigint | 'no_stream' | 'exists' | 'any';

export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
  /** Deterministic ids make a re-sent command a no-op; generated when absent. */
  readonly eventId?: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly schemaVersion?: number;
}

export interface RecordedEvent {
  readonly globalPosition: bigint;
  readonly txId: bigint;
  readonly streamId: string;
  /** 1-based; a stream with no events is at version 0. */
  readonly streamVersion: bigint;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
}

/** Where a subscriber is in the global log: events are ordered by (txId, position). */
export interface LogPosition {
  readonly txId: bigint;
  readonly position: bigint;
}
export const logStart: LogPosition = { txId: 0n, position: 0n };

export interface AppendResult {
  /** The stream's version after the append. */
  readonly nextExpectedVersion: bigint;
  /** Global position of the last event of this append (or of the stored duplicate). */
  readonly lastPosition: bigint;
  /** How many events were new; 0 when every event id was already stored. */
  readonly appended: number;
}

export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedVersion;
  /**
   * For an exact `expected` in `appendMany`: the stream moved past it while the others were written (another writer
   * appended), so the caller decides again with the version it is at now: the events to append after it, or null to
   * fail with ConcurrencyError. Only for a stream whose events the decision did not read (it pins the streams it
   * did read): a discount's codes stream, which the push reactor and every add of codes append to. Written last,
   * under a savepoint, so a racer waits for it only to the commit and a move costs no rewrite of the others.
   */
  readonly rebase?: (actual: bigint) => readonly NewEvent[] | null;
}

export type Upcast = (event: RecordedEvent) => RecordedEvent;

export interface TypedRead {
  readonly events: RecordedEvent[];
  readonly readTo: LogPosition | null;
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options: { expected: ExpectedVersion }): Promise<AppendResult>;
  /** Atomic: every stream's append commits, or none does. */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string, options?: { fromVersion?: bigint }): Promise<RecordedEvent[]>;
  /** Each stream's last event, by stream id (a stream never written is absent): ledger checks in bulk. */
  readLastEvents(streamIds: readonly string[]): Promise<Map<string, RecordedEvent>>;
  aggregate<S>(
    streamId: string,
    evolve: (state: S, event: RecordedEvent) => S,
    initial: S,
  ): Promise<{ state: S; version: bigint }>;
  /** Committed events after `after`, only from transactions that can no longer be overtaken. */
  readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]>;
  /**
   * `readAll` of only the events of `types`, looking at the next `scan` events of the log: those found, and the
   * position of the last event looked at (null when there was none), where the next read continues.
   */
  readAllOfTypes(after: LogPosition, scan: number, types: readonly string[]): Promise<TypedRead>;
  /**
   * Whether an event after `after` is committed, read past the horizon `readAll` keeps (an older transaction
   * running, in this database or another on the server, hides later events from followers, never from this): after
   * an empty `readAll`, whether the end of the log was reached. From `logStart`: whether the log is not empty.
   */
  hasEventsAfter(after: LogPosition): Promise<boolean>;
  /** Resolves when new events may be readable (a notification) or after `timeoutMs`. */
  waitForEvents(timeoutMs: number, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'ConcurrencyError';
  }
}
