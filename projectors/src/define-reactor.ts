import type { NewEvent, RecordedEvent } from '@dm/event-store';

/** One side effect asked for by an event. */
export interface Effect<P = unknown> {
  /** Idempotency key: names the effect, stable across retries and restarts (e.g. `deploy:<discount>:<store>`). */
  readonly key: string;
  /** Where the effect's Started and outcome events are appended. */
  readonly streamId: string;
  readonly payload: P;
}

/** The body of a lifecycle event; the runner sets its id (derived from the key) and metadata. */
export type EffectEvent = Pick<NewEvent, 'type' | 'data' | 'schemaVersion'>;

export type CheckResult<R> = { readonly applied: true; readonly result: R } | { readonly applied: false };

/**
 * A reactor turns events into side effects (Shopify calls) and records each effect's lifecycle as events:
 * Started before the call, then exactly one outcome, Succeeded or Failed(reason). The log is the outbox:
 * after a crash the runner resumes from its checkpoint and never repeats an effect whose outcome is recorded.
 * Reactors see raw recorded events (parse with `parseDomainEvent` for domain types).
 */
export interface Reactor<P = unknown, R = unknown> {
  readonly name: string;
  /**
   * The only event types `effectsOf` answers with effects, when it names them: the runner then reads just those
   * from the log (the server skips the rest), instead of every event (decision 1180).
   */
  readonly eventTypes?: readonly string[];
  /** May read the log (e.g. which stores a discount targets) before it answers. */
  effectsOf(event: RecordedEvent): readonly Effect<P>[] | Promise<readonly Effect<P>[]>;
  /**
   * Throw `RetryableEffectError` for what may pass on a retry (throttling, 5xx, network); anything else fails it.
   * `note` records a milestone of the effect on its stream (once per event type, or per event type and `name`
   * when one is given), such as the far side's job id, for `check` to resume from after a crash.
   */
  perform(
    effect: Effect<P>,
    signal: AbortSignal,
    note: (body: EffectEvent, name?: string) => Promise<void>,
  ): Promise<R>;
  /**
   * For far sides that cannot dedupe by key: asked before re-submitting an effect that was Started but has no
   * recorded outcome (the process died mid-call), with the effect's own events so far (Started, noted
   * milestones), oldest first. Without it the effect is simply submitted again. Throw to have it asked again later
   * (the runner resumes from its checkpoint), also when `signal` aborts. `heldSince` (epoch ms): since when this
   * process holds the effect's work; another process's attempts at it were made before then (decision 1544).
   */
  check?(
    effect: Effect<P>,
    own: readonly RecordedEvent[],
    signal: AbortSignal,
    heldSince: number,
  ): Promise<CheckResult<R>>;
  readonly events: {
    /**
     * Omitted when the triggering event itself records the request (e.g. `DiscountDeploymentRequested`): every
     * effect without a recorded outcome is then treated as possibly begun, so `check` is asked first.
     */
    started?(effect: Effect<P>): EffectEvent;
    /** null: the effect turned out to have nothing to record (it is looked at again if the log is re-read). */
    succeeded(effect: Effect<P>, result: R): EffectEvent | null;
    /** `error` is what ended the effect (to tell, say, a retryable failure from one only a person can fix). */
    failed(effect: Effect<P>, reason: string, error: unknown): EffectEvent;
  };
  /** Attempts per effect before it is recorded as failed (default 5). */
  readonly maxAttempts?: number;
  /**
   * Effects of one batch in different lanes run concurrently (at most `concurrency`, default 8); effects of one
   * lane run in log order. Without it, every effect runs one after the other, checkpointed after each event.
   */
  laneOf?(effect: Effect<P>): string;
  readonly concurrency?: number;
  /**
   * The store an effect acts on. Needed to run as a consumer group over the store-keyed work topic (decision
   * 1500), where a member receives an event once per store it names and takes only that store's effects from it.
   */
  storeOf?(effect: Effect<P>): number;
}

export class RetryableEffectError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableEffectError';
  }
}

export const defineReactor = <P, R>(reactor: Reactor<P, R>): Reactor<P, R> => reactor;
