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
  effectsOf(event: RecordedEvent): readonly Effect<P>[];
  /** Throw `RetryableEffectError` for what may pass on a retry (throttling, 5xx, network); anything else fails it. */
  perform(effect: Effect<P>, signal: AbortSignal): Promise<R>;
  /**
   * For far sides that cannot dedupe by key: asked before re-submitting an effect that was Started but has no
   * recorded outcome (the process died mid-call). Without it the effect is simply submitted again.
   */
  check?(effect: Effect<P>): Promise<CheckResult<R>>;
  readonly events: {
    started(effect: Effect<P>): EffectEvent;
    succeeded(effect: Effect<P>, result: R): EffectEvent;
    failed(effect: Effect<P>, reason: string): EffectEvent;
  };
  /** Attempts per effect before it is recorded as failed (default 5). */
  readonly maxAttempts?: number;
}

export class RetryableEffectError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableEffectError';
  }
}

export const defineReactor = <P, R>(reactor: Reactor<P, R>): Reactor<P, R> => reactor;
