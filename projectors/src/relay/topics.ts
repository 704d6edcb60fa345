import type { RecordedEvent } from '@dm/event-store';
import { isIntegrationEventType, toIntegrationEvent } from '@dm/events';
import type { OutgoingMessage, TopicBatch, TopicSpec } from '@dm/kafka';
import { deliveryHeaders } from '@dm/kafka';

/**
 * Where the relay puts each event (decision 1400):
 * - the work topic, once per store the event names (`data.storeId`, or each of `data.storeIds`), keyed
 *   `store:<id>`: one store's work stays in order on one partition, so on one member of a reactor's group;
 * - the integration topic, the public events only, keyed by stream, in their versioned public form.
 * An event naming no store and not public (users, brands, catalog of a brand…) goes to neither, except
 * `DiscountEnded`: the relay looks up its discount's stores (`storesOfEndedDiscounts`, decision 1439).
 * - the dead-letter topic, a public event whose public form fails its schema, whole and with the reason (decision
 *   1545): its work still goes out, and the relay moves on instead of retrying that batch for good.
 */
export interface RelayTopics {
  readonly work: TopicSpec;
  readonly integration: TopicSpec;
  readonly deadLetter: TopicSpec;
}

export const defaultRelayTopics: RelayTopics = {
  work: { name: 'dm.store-work.v1', partitions: 12 },
  integration: { name: 'dm.integration.v1', partitions: 6 },
  deadLetter: { name: 'dm.integration.dead-letter.v1', partitions: 1 },
};

/** Every topic the relay writes, for `ensureTopics`. */
export const relayTopicList = (topics: RelayTopics): TopicSpec[] => [
  topics.work,
  topics.integration,
  topics.deadLetter,
];

/** A public event the relay could not put in its public form. */
export interface RefusedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly position: bigint;
  readonly reason: string;
}

const isStoreId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The stores an event names, in the order it names them. */
export const storesOf = (event: RecordedEvent): number[] => {
  const data = (event.data ?? {}) as { storeId?: unknown; storeIds?: unknown };
  if (isStoreId(data.storeId)) return [data.storeId];
  if (Array.isArray(data.storeIds)) return [...new Set(data.storeIds.filter(isStoreId))];
  return [];
};

/** The stored event as reactors read it (bigints as decimal text), all but the store it goes to. */
const workBody = (event: RecordedEvent): string =>
  JSON.stringify({
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    streamId: event.streamId,
    streamVersion: event.streamVersion.toString(),
    globalPosition: event.globalPosition.toString(),
    txId: event.txId.toString(),
    createdAt: event.createdAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
  });

/** One store's copy: an event naming 30 stores is written out once, not 30 times. */
const withStore = (storeId: number, body: string) => `{"storeId":${storeId},${body.slice(1)}`;

/** The stored event as reactors read it, for one store. */
export const workValue = (event: RecordedEvent, storeId: number): string => withStore(storeId, workBody(event));

/** The stored event and why its public form was refused: enough to publish it by hand once the cause is fixed. */
const deadLetterValue = (event: RecordedEvent, reason: string): string =>
  JSON.stringify({ reason, event: JSON.parse(workValue(event, 0)) as unknown });

/**
 * A batch of the log, in log order, as the messages of each topic (each topic's messages in log order too).
 * `storesLookedUp`: by event id, the stores of the events that do not name them (DiscountEnded).
 */
export const messagesOf = (
  events: readonly RecordedEvent[],
  topics: RelayTopics,
  storesLookedUp: ReadonlyMap<string, readonly number[]> = new Map(),
  onRefused: (refused: RefusedEvent) => void = () => undefined,
): TopicBatch[] => {
  const work: OutgoingMessage[] = [];
  const integration: OutgoingMessage[] = [];
  const deadLetters: OutgoingMessage[] = [];
  for (const event of events) {
    const { txId, globalPosition: position, eventId, type } = event;
    const stores = storesLookedUp.get(eventId) ?? storesOf(event);
    const body = stores.length > 0 ? workBody(event) : '';
    stores.forEach((storeId, copy) =>
      work.push({
        key: `store:${storeId}`,
        value: withStore(storeId, body),
        headers: deliveryHeaders({ txId, position, copy, eventId, type }),
      }),
    );
    if (isIntegrationEventType(type)) {
      const headers = deliveryHeaders({ txId, position, copy: 0, eventId, type });
      try {
        integration.push({ key: event.streamId, value: JSON.stringify(toIntegrationEvent(event)), headers });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        deadLetters.push({ key: event.streamId, value: deadLetterValue(event, reason), headers });
        onRefused({ eventId: event.eventId, type: event.type, position: event.globalPosition, reason });
      }
    }
  }
  return [
    { topic: topics.work.name, messages: work },
    { topic: topics.integration.name, messages: integration },
    { topic: topics.deadLetter.name, messages: deadLetters },
  ].filter((b) => b.messages.length > 0);
};
