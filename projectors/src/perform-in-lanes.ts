import type { RecordedEvent } from '@dm/event-store';
import type { Effect, Reactor } from './define-reactor';

type Perform = (effect: Effect, trigger: RecordedEvent) => Promise<void>;

/**
 * Runs the effects of one batch lane by lane: lanes concurrently (at most `reactor.concurrency`), each lane in
 * log order. Waits for every lane before it answers, so a failed lane never overlaps the batch's retry; the
 * first failure is rethrown (the runner resumes from its checkpoint, where recorded outcomes are skipped).
 */
export const performInLanes = async (
  reactor: Reactor<unknown, unknown>,
  events: readonly RecordedEvent[],
  perform: Perform,
): Promise<void> => {
  const lanes = new Map<string, { effect: Effect; trigger: RecordedEvent }[]>();
  for (const trigger of events) {
    for (const effect of await reactor.effectsOf(trigger)) {
      const lane = reactor.laneOf?.(effect) ?? '';
      const queued = lanes.get(lane) ?? [];
      queued.push({ effect, trigger });
      lanes.set(lane, queued);
    }
  }
  const queue = [...lanes.values()];
  const worker = async () => {
    for (let lane = queue.shift(); lane; lane = queue.shift()) {
      for (const { effect, trigger } of lane) await perform(effect, trigger);
    }
  };
  const workers = Array.from({ length: Math.min(queue.length, reactor.concurrency ?? 8) }, worker);
  const failed = (await Promise.allSettled(workers)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
};
