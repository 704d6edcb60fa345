import type { EventStore, LogPosition, RecordedEvent } from '../src/types';
import { logStart } from '../src/types';

/**
 * Follows `readAll` from `from` until `count` events matching `keep` arrived. Other test files share the
 * server, and their open transactions can hold back what `readAll` may return, so tests wait, never assume.
 */
export const readAllUntil = async (
  store: EventStore,
  keep: (event: RecordedEvent) => boolean,
  count: number,
  options: { from?: LogPosition; timeoutMs?: number; batch?: number } = {},
): Promise<RecordedEvent[]> => {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const found: RecordedEvent[] = [];
  let after = options.from ?? logStart;
  while (found.length < count) {
    const batch = await store.readAll(after, options.batch ?? 1000);
    const last = batch.at(-1);
    if (last) after = { txId: last.txId, position: last.globalPosition };
    found.push(...batch.filter(keep));
    if (batch.length === 0) {
      if (Date.now() > deadline) throw new Error(`readAll gave ${found.length} of ${count} events in time`);
      await store.waitForEvents(50);
    }
  }
  return found;
};
