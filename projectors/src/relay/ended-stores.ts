import type { EventStore, RecordedEvent } from '@dm/event-store';
import { storesOf } from './topics';

/**
 * The stores each `DiscountEnded` of a batch concerns, by event id (decision 1439): the discount's target stores
 * as its `DiscountCreated` named them. The end event names no store itself; its stream's first event is
 * committed before it, so reading the stream never waits for, or reorders, anything of the log.
 */
export const storesOfEndedDiscounts = async (
  eventStore: EventStore,
  events: readonly RecordedEvent[],
): Promise<Map<string, number[]>> => {
  const ended = events.filter((e) => e.type === 'DiscountEnded');
  const stores = new Map<string, number[]>();
  for (const event of ended) {
    const created = (await eventStore.readStream(event.streamId)).find((e) => e.type === 'DiscountCreated');
    stores.set(event.eventId, created ? storesOf(created) : []);
  }
  return stores;
};
