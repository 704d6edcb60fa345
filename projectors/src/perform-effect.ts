import type { EventStore, NewEvent, RecordedEvent } from '@dm/event-store';
import type { Logger } from 'pino';
import { sleep, type Backoff } from './backoff';
import { RetryableEffectError, type Effect, type EffectEvent, type Reactor } from './define-reactor';
import type { AppendAny } from './coalesced-appends';
import { deterministicId } from './deterministic-id';

export type EffectResolution = 'performed' | 'failed' | 'already-recorded' | 'found-applied';

export interface EffectContext {
  readonly eventStore: EventStore;
  /** How lifecycle events are appended (`expected: 'any'`); `eventStore.append` when absent. */
  readonly appendAny?: AppendAny;
  readonly logger: Logger;
  readonly backoff: Backoff;
  readonly signal: AbortSignal;
  /**
   * Since when this process holds the work the effect belongs to (the reactor's lock, the partition's batch): any
   * other process's attempt at it was made before (decision 1544). Absent: the moment `check` is asked.
   */
  readonly heldSince?: number;
}

const metadataFor = (reactor: string, effect: Effect, trigger: RecordedEvent) => ({
  actorId: `reactor:${reactor}`,
  actorEmail: null,
  correlationId: typeof trigger.metadata.correlationId === 'string' ? trigger.metadata.correlationId : trigger.eventId,
  causationId: trigger.eventId,
  commandId: effect.key,
  ...(trigger.metadata.brandId === undefined ? {} : { brandId: trigger.metadata.brandId }),
});

/**
 * Drives one effect to exactly one recorded outcome. Started and the outcome have ids derived from the key,
 * so re-appending either is a no-op, and Succeeded and Failed share one id: there is never more than one.
 */
export const performEffect = async <P, R>(
  reactor: Reactor<P, R>,
  effect: Effect<P>,
  trigger: RecordedEvent,
  ctx: EffectContext,
): Promise<EffectResolution> => {
  const ids = {
    started: deterministicId(`${reactor.name}|${effect.key}|started`),
    outcome: deterministicId(`${reactor.name}|${effect.key}|outcome`),
  };
  const metadata = metadataFor(reactor.name, effect, trigger);
  const appendAny: AppendAny =
    ctx.appendAny ?? ((streamId, events) => ctx.eventStore.append(streamId, events, { expected: 'any' }));
  const record = async (body: EffectEvent | null, eventId: string) =>
    body ? appendAny(effect.streamId, [{ ...body, eventId, metadata } satisfies NewEvent]) : null;

  const note = async (body: EffectEvent, name?: string) => {
    const named = name === undefined ? '' : `|${name}`;
    await record(body, deterministicId(`${reactor.name}|${effect.key}|${body.type}${named}`));
  };

  const started = reactor.events.started ? await record(reactor.events.started(effect), ids.started) : null;
  if (!started || started.appended === 0) {
    // Seen before (or, without a Started event, maybe seen): finished, or the process died before the outcome.
    const recorded = await ctx.eventStore.readStream(effect.streamId);
    if (recorded.some((e) => e.eventId === ids.outcome)) return 'already-recorded';
    const own = recorded.filter((e) => e.metadata.commandId === effect.key);
    const found = reactor.check
      ? await reactor.check(effect, own, ctx.signal, ctx.heldSince ?? Date.now())
      : { applied: false as const };
    if (found.applied) {
      ctx.logger.info({ key: effect.key }, 'effect was applied before a crash; recording its outcome');
      await record(reactor.events.succeeded(effect, found.result), ids.outcome);
      return 'found-applied';
    }
  }

  const maxAttempts = reactor.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    let result: R;
    try {
      result = await reactor.perform(effect, ctx.signal, note);
    } catch (error) {
      if (ctx.signal.aborted) throw error; // stopping: leave it Started, the next run resumes it
      if (!(error instanceof RetryableEffectError) || attempt >= maxAttempts) {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.logger.warn({ key: effect.key, attempt, reason }, 'effect failed');
        await record(reactor.events.failed(effect, reason, error), ids.outcome);
        return 'failed';
      }
      const delayMs = ctx.backoff(attempt);
      ctx.logger.info({ key: effect.key, attempt, delayMs, reason: error.message }, 'effect failed; retrying');
      await sleep(delayMs, ctx.signal);
      if (ctx.signal.aborted) throw error;
      continue;
    }
    // Outside the try: a failure to record is not the effect's failure (the runner retries; Started is there).
    await record(reactor.events.succeeded(effect, result), ids.outcome);
    return 'performed';
  }
};
