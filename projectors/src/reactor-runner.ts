import type { EventStore, LogPosition, RecordedEvent } from '@dm/event-store';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { HeldLock } from './advisory-lock';
import { exponentialBackoff, sleep, type Backoff } from './backoff';
import { CheckpointMovedError, ensureCheckpoint, reactorCheckpointName, storeCheckpoint } from './checkpoints';
import type { Effect, Reactor } from './define-reactor';
import { runWhileElected } from './elected';
import { IdleTracker } from './idle-tracker';
import { performEffect, type EffectContext, type EffectResolution } from './perform-effect';
import { performInLanes } from './perform-in-lanes';
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
  const idle = new IdleTracker();

  const perform = async (effect: Effect, event: RecordedEvent, ctx: EffectContext) => {
    const resolution = await performEffect(reactor, effect, event, ctx);
    options.onEffect?.(effect.key, resolution);
  };

  const follow = async (lock: HeldLock, start: LogPosition) => {
    const signal = AbortSignal.any([stopping.signal, lock.lost]);
    const ctx = { eventStore, logger, backoff: effectBackoff, signal };
    let at = start;
    let failures = 0;
    while (!signal.aborted) {
      const read = idle.readStarted();
      try {
        const events = await eventStore.readAll(at, tuning.batchSize);
        if (events.length === 0) {
          idle.caughtUp(read);
          await eventStore.waitForEvents(tuning.pollMs, signal);
          continue;
        }
        if (reactor.laneOf) {
          await performInLanes(reactor, events, (effect, event) => perform(effect, event, ctx));
          const last = events[events.length - 1]!;
          const next = { txId: last.txId, position: last.globalPosition };
          if (!(await storeCheckpoint(pool, key, checkpointVersion, at, next))) throw new CheckpointMovedError(key);
          at = next;
        } else {
          for (const [i, event] of events.entries()) {
            const effects = await reactor.effectsOf(event);
            for (const effect of effects) await perform(effect, event, ctx);
            // After each event with effects, and at the batch's end: an event without any needs no checkpoint of
            // its own (read again after a crash, it still has none).
            if (effects.length === 0 && i < events.length - 1) continue;
            const next = { txId: event.txId, position: event.globalPosition };
            if (!(await storeCheckpoint(pool, key, checkpointVersion, at, next))) throw new CheckpointMovedError(key);
            at = next;
          }
        }
        failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof CheckpointMovedError) return;
        failures += 1;
        const delayMs = tuning.backoff(failures);
        logger.error({ err: error, failures, delayMs }, 'reactor batch failed; resuming from the checkpoint');
        await sleep(delayMs, signal);
      }
    }
  };

  const run = () =>
    runWhileElected({
      pool,
      key,
      stopping: stopping.signal,
      retryMs: tuning.lockRetryMs,
      logger,
      onStandby: () => idle.standby(),
      whileElected: async (lock) => {
        const { at } = await ensureCheckpoint(pool, key, checkpointVersion);
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
      idle.standby();
    },
  };
};
