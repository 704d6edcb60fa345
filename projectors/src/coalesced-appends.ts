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
 * The ids the append stored: all, none, or, when only some were new, those at the versions it took (an `'any'` append
 * holds the stream's lock, so its new events are the stream's last `appended` versions up to `nextExpectedVersion`).
 * An event sent without an id gets a fresh one, so it is always new.
 */
const newIdsOf = async (
  eventStore: EventStore,
  streamId: string,
  result: AppendResult,
  count: number,
): Promise<'all' | Set<string>> => {
  if (result.appended === count) return 'all';
  if (result.appended === 0) return new Set();
  const from = result.nextExpectedVersion - BigInt(result.appended);
  const events = await eventStore.readStream(streamId, { fromVersion: from });
  return new Set(events.filter((e) => e.streamVersion <= result.nextExpectedVersion).map((e) => e.eventId));
};

/**
 * Appends with `expected: 'any'` (decision 1180): those made to a stream while another append to it is under way
 * wait for it and then go as one append, so effects recording to one stream (a discount's codes) take its lock once
 * per round instead of once each. Each caller learns whether its own events were new. A partly new combination is
 * common after a rebalance, when resumed effects send their Started events again beside new effects' first ones:
 * the stream's versions this append took tell which ids were new (decision 1558), so a new effect is not sent to
 * look for work of its own that never happened.
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
        const fresh = await newIdsOf(eventStore, streamId, result, count);
        for (const w of combined)
          w.resolve({
            ...result,
            appended: w.events.filter((e) => fresh === 'all' || e.eventId === undefined || fresh.has(e.eventId)).length,
          });
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
