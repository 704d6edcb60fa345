import { setMaxListeners } from 'node:events';
import type { EventStore, LogPosition, RecordedEvent, TypedRead } from '@dm/event-store';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { HeldLock } from './advisory-lock';
import { exponentialBackoff, sleep, type Backoff } from './backoff';
import {
  CheckpointMovedError,
  ensureCheckpoint,
  readCheckpoint,
  reactorCheckpointName,
  storeCheckpoint,
} from './checkpoints';
import type { Effect, Reactor } from './define-reactor';
import { runWhileElected } from './elected';
import { headOfLog, IdleTracker } from './idle-tracker';
import { performEffect, type EffectContext, type EffectResolution } from './perform-effect';
import { coalescedAppends } from './coalesced-appends';
import { Lanes } from './perform-in-lanes';
import { defaultTuning, type Runner, type RunnerTuning } from './projection-runner';

export interface ReactorRunnerOptions extends RunnerTuning {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  /** Any reactor fits: its methods take their parameters bivariantly. */
  readonly reactor: Reactor<unknown, unknown>;
  readonly logger: Logger;
  /** Between attempts of one effect (production: 1 s → 60 s). */
  readonly effectBackoff?: Backoff;
  readonly onEffect?: (key: string, resolution: EffectResolution) => void;
}

const checkpointVersion = 1;
/** Effects queued or in flight at most, per reactor with lanes, before it reads more of the log. */
const maxOpenEffects = 2_000;

/**
 * Runs one reactor: at-least-once over the log (checkpoint after each event, not atomic with the effects),
 * made safe by the per-effect lifecycle events (see `performEffect`). One active runner per reactor.
 */
export const startReactorRunner = (options: ReactorRunnerOptions): Runner => {
  const { pool, eventStore, reactor } = options;
  // Most of the log is events a reactor ignores (a 1,000-code add appends a reservation per code and store): read
  // 100 at a time, reading them set the pace of the effects behind them.
  const tuning = { ...defaultTuning, batchSize: 1000, ...options };
  const effectBackoff = options.effectBackoff ?? exponentialBackoff({ initialMs: 1_000, maxMs: 60_000 });
  const key = reactorCheckpointName(reactor.name);
  const logger = options.logger.child({ reactor: reactor.name });
  const stopping = new AbortController();
  const idle = new IdleTracker(() => headOfLog(pool));

  const perform = async (effect: Effect, event: RecordedEvent, ctx: EffectContext) => {
    const resolution = await performEffect(reactor, effect, event, ctx);
    options.onEffect?.(effect.key, resolution);
  };

  const checkpoint = async (from: LogPosition, to: LogPosition) => {
    if (from.txId === to.txId && from.position === to.position) return to;
    if (!(await storeCheckpoint(pool, key, checkpointVersion, from, to))) throw new CheckpointMovedError(key);
    idle.advancedTo(to);
    return to;
  };

  /** Without lanes: every effect one after the other, checkpointed after each event with effects. */
  const followInOrder = async (start: LogPosition, ctx: EffectContext) => {
    let at = start;
    let failures = 0;
    while (!ctx.signal.aborted) {
      try {
        const events = await eventStore.readAll(at, tuning.batchSize);
        if (events.length === 0) {
          await eventStore.waitForEvents(tuning.pollMs, ctx.signal);
          continue;
        }
        for (const [i, event] of events.entries()) {
          const effects = await reactor.effectsOf(event);
          for (const effect of effects) await perform(effect, event, ctx);
          // After each event with effects, and at the batch's end: an event without any needs no checkpoint of
          // its own (read again after a crash, it still has none).
          if (effects.length === 0 && i < events.length - 1) continue;
          at = await checkpoint(at, { txId: event.txId, position: event.globalPosition });
        }
        failures = 0;
      } catch (error) {
        if (ctx.signal.aborted || error instanceof CheckpointMovedError) return;
        failures += 1;
        const delayMs = tuning.backoff(failures);
        logger.error({ err: error, failures, delayMs }, 'reactor batch failed; resuming from the checkpoint');
        await sleep(delayMs, ctx.signal);
      }
    }
  };

  /**
   * With lanes: the log is read on while effects run (decision 1180); the checkpoint follows the last event whose
   * effects, and all effects before it, have their outcomes. At most `maxOpenEffects` wait at once.
   */
  const followInLanes = async (start: LogPosition, ctx: EffectContext) => {
    const laneOf = (effect: Effect) => reactor.laneOf?.(effect) ?? '';
    const types = reactor.eventTypes;
    // A filtered read looks at ten batches' worth of the log at a time: it only ships the events asked for.
    const read = async (after: LogPosition): Promise<TypedRead> => {
      if (types) return eventStore.readAllOfTypes(after, tuning.batchSize * 10, types);
      const events = await eventStore.readAll(after, tuning.batchSize);
      const last = events.at(-1);
      return { events, readTo: last ? { txId: last.txId, position: last.globalPosition } : null };
    };
    let at = start;
    let failures = 0;
    while (!ctx.signal.aborted) {
      const lanes = new Lanes(at, reactor.concurrency ?? 8, (effect, event) => perform(effect, event, ctx));
      try {
        while (!ctx.signal.aborted) {
          if (lanes.failed) throw lanes.failed.error;
          at = await checkpoint(at, lanes.settledTo());
          if (lanes.open >= maxOpenEffects) {
            await lanes.changed();
            continue;
          }
          const { events, readTo } = await read(lanes.readPosition);
          // Each event's effects depend only on the log up to it, so they are asked for together, then queued in
          // log order.
          const effectsOfEach = await Promise.all(events.map(async (event) => reactor.effectsOf(event)));
          for (const [i, event] of events.entries()) {
            lanes.add(
              event,
              effectsOfEach[i]!.map((effect) => ({ lane: laneOf(effect), effect })),
            );
          }
          if (readTo) {
            lanes.skipTo(readTo);
            continue;
          }
          if (lanes.open === 0) {
            at = await checkpoint(at, lanes.settledTo());
            await eventStore.waitForEvents(tuning.pollMs, ctx.signal);
            continue;
          }
          // Caught up with effects in flight: wake for the log or for an outcome, whichever comes first.
          const waiting = new AbortController();
          await Promise.race([
            lanes.changed(),
            eventStore.waitForEvents(tuning.pollMs, AbortSignal.any([ctx.signal, waiting.signal])),
          ]);
          waiting.abort();
        }
        await lanes.settled();
        return;
      } catch (error) {
        await lanes.settled();
        if (ctx.signal.aborted || error instanceof CheckpointMovedError) return;
        // What finished meanwhile is checkpointed; the rest is redone from there (recorded outcomes are skipped).
        at = await checkpoint(at, lanes.settledTo()).catch(() => at);
        failures += 1;
        const delayMs = tuning.backoff(failures);
        logger.error({ err: error, failures, delayMs }, 'reactor effects failed; resuming from the checkpoint');
        await sleep(delayMs, ctx.signal);
      }
    }
  };

  const follow = async (lock: HeldLock, start: LogPosition) => {
    const signal = AbortSignal.any([stopping.signal, lock.lost]);
    // Every effect in flight may listen for the stop (a wait, a poll): thousands at once is expected, not a leak.
    setMaxListeners(maxOpenEffects + 100, signal);
    // Elected now: a runner that held the lock before stopped its effects when it lost it.
    const heldSince = Date.now();
    const ctx = {
      eventStore,
      appendAny: coalescedAppends(eventStore),
      logger,
      backoff: effectBackoff,
      signal,
      heldSince,
    };
    await (reactor.laneOf ? followInLanes(start, ctx) : followInOrder(start, ctx));
  };

  const run = () =>
    runWhileElected({
      pool,
      key,
      stopping: stopping.signal,
      retryMs: tuning.lockRetryMs,
      logger,
      onStandby: () => void idle.standingBy(async () => (await readCheckpoint(pool, key))?.at),
      whileElected: async (lock) => {
        const { at } = await ensureCheckpoint(pool, key, checkpointVersion);
        idle.advancedTo(at);
        logger.info({ at: { txId: at.txId.toString(), position: at.position.toString() } }, 'active');
        await follow(lock, at);
      },
    });

  const running = run();
  return {
    name: key,
    waitForIdle: () => idle.wait(),
    stop: async () => {
      stopping.abort();
      await running;
      idle.release();
    },
  };
};
