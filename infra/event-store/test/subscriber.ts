import type { EventStore, LogPosition, RecordedEvent } from '../src/types';
import { logStart } from '../src/types';

export interface TestSubscriber {
  readonly received: RecordedEvent[];
  /** Resolves once `count` events were received. */
  until(count: number): Promise<void>;
  stop(): Promise<void>;
}

/** A live subscriber as the runners do it: read after the last position, then wait for a wake-up or the poll. */
export const startSubscriber = (store: EventStore, options: { pollMs: number; batch?: number }): TestSubscriber => {
  const received: RecordedEvent[] = [];
  const controller = new AbortController();
  let waiters: { count: number; resolve: () => void }[] = [];
  const loop = (async () => {
    let after: LogPosition = logStart;
    while (!controller.signal.aborted) {
      const batch = await store.readAll(after, options.batch ?? 200);
      received.push(...batch);
      const last = batch.at(-1);
      if (last) after = { txId: last.txId, position: last.globalPosition };
      waiters = waiters.filter((w) => (received.length >= w.count ? (w.resolve(), false) : true));
      if (batch.length === 0) await store.waitForEvents(options.pollMs, controller.signal);
    }
  })();
  return {
    received,
    until: (count) =>
      received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    stop: async () => {
      controller.abort();
      await loop;
    },
  };
};
