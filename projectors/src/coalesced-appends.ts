import type { AppendResult, EventStore, NewEvent } from '@dm/event-store';

export type AppendAny = (streamId: string, events: readonly NewEvent[]) => Promise<AppendResult>;

/** Events per combined append at most. */
const maxCombined = 250;

interface Waiting {
  readonly events: readonly NewEvent[];
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Appends with `expected: 'any'` (decision 1180): those made to a stream while another append to it is under way
 * wait for it and then go as one append, so effects recording to one stream (a discount's codes) take its lock once
 * per round instead of once each. Each caller learns whether its own events were new only when all of the combined
 * ones were, or none; a partly new combination (only after a crash) answers "already stored" to every caller, who
 * then looks, as after a crash.
 */
export const coalescedAppends = (eventStore: EventStore): AppendAny => {
  const queues = new Map<string, Waiting[]>();

  const drain = async (streamId: string, queue: Waiting[]) => {
    while (queue.length > 0) {
      const combined = [queue.shift()!];
      let count = combined[0]!.events.length;
      while (queue.length > 0 && count + queue[0]!.events.length <= maxCombined) {
        const next = queue.shift()!;
        combined.push(next);
        count += next.events.length;
      }
      try {
        const result = await eventStore.append(
          streamId,
          combined.flatMap((w) => w.events),
          { expected: 'any' },
        );
        const allNew = result.appended === count;
        for (const w of combined) w.resolve({ ...result, appended: allNew ? w.events.length : 0 });
      } catch (error) {
        for (const w of combined) w.reject(error);
      }
    }
    queues.delete(streamId);
  };

  return (streamId, events) =>
    new Promise<AppendResult>((resolve, reject) => {
      const queue = queues.get(streamId);
      if (queue) {
        queue.push({ events, resolve, reject });
        return;
      }
      const fresh: Waiting[] = [{ events, resolve, reject }];
      queues.set(streamId, fresh);
      void drain(streamId, fresh);
    });
};
