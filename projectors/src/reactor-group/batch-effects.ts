import type { RecordedEvent } from '@dm/event-store';
import type { Effect } from '../define-reactor';
import type { Slots } from './slots';

export interface BatchJob {
  /** The message of the batch that asked for it. */
  readonly index: number;
  readonly lane: string;
  readonly effect: Effect;
  readonly event: RecordedEvent;
}

export interface BatchRun {
  /** Messages in the batch (those without effects count too: they are settled at once). */
  readonly messages: number;
  readonly jobs: readonly BatchJob[];
  /** The reactor's slots in this process, shared by every partition it holds. */
  readonly slots: Slots;
  readonly signal: AbortSignal;
  readonly perform: (job: BatchJob) => Promise<void>;
  /** Each time messages 0..`through` all have every effect decided. */
  readonly onSettled: (through: number) => void;
}

/**
 * The effects of one partition's batch: each lane in message order, lanes side by side within the reactor's
 * slots (as `Lanes` does over the log). After the first failure, or once `signal` aborts, no further effect
 * starts; those in flight finish or stop, then the failure is thrown.
 */
export const runBatchEffects = async (run: BatchRun): Promise<void> => {
  const open = new Array<number>(run.messages).fill(0);
  for (const job of run.jobs) open[job.index]! += 1;
  let settled = -1;
  const advance = () => {
    const before = settled;
    while (settled + 1 < run.messages && open[settled + 1] === 0) settled += 1;
    if (settled > before) run.onSettled(settled);
  };
  advance();
  const lanes = new Map<string, BatchJob[]>();
  for (const job of run.jobs) {
    const queue = lanes.get(job.lane);
    if (queue) queue.push(job);
    else lanes.set(job.lane, [job]);
  }
  let failure: { readonly error: unknown } | undefined;
  await Promise.all(
    [...lanes.values()].map(async (queue) => {
      for (const job of queue) {
        await run.slots.acquire(job.lane);
        try {
          if (failure || run.signal.aborted) return;
          await run.perform(job);
        } catch (error) {
          failure ??= { error };
          return;
        } finally {
          run.slots.release();
        }
        open[job.index]! -= 1;
        advance();
      }
    }),
  );
  if (failure) throw failure.error;
};
